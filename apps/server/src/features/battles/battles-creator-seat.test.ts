import { describe, expect, it } from 'vitest';
import { battleRoll, battleSeatsDigest, pickByRoll } from '@skinfair/fairness';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { t, db, BOX, OTHER_BOX, priceOf, player, wallet, create, join, detail, backpackSize, draw } from './battles-fixture.js';

type Seat = { pos: number; customerId: number | null; clientSeed: string };
type Roll = { round: number; pos: number; rollCode: number; giftId: number; giftPrice: number; voucherId: number | null };

describe("create: the creator's seat (pos)", () => {
  it('seats the creator where they asked; joiners fill the other seats and the chosen one stays taken', async () => {
    const price = await priceOf(BOX);
    const [a, b, c] = [await player(price), await player(price), await player(price)];
    const res = await create(a, { boxLists: `${BOX}`, countCustomer: 3, pos: 3 });
    expect(res.status).toBe(0);
    expect(res.data.customerId).toBe(a.id);
    expect(res.data.customerList).toEqual([expect.objectContaining({ pos: 3, customerId: a.id, isBot: false })]);
    const code = res.data.battleCode as string;
    expect(await join(b, code, { pos: 3 })).toEqual(refused('BATTLE_SEAT_TAKEN'));
    // pos 0 on a join is "the first free seat": seat 1, now that the creator sits in 3.
    expect((await join(b, code)).data.customerList.map((s: Seat) => [s.pos, s.customerId])).toEqual([
      [1, b.id],
      [3, a.id],
    ]);
    const full = (await join(c, code)).data;
    expect(full.state).toBe(1);
    expect(full.customerList.map((s: Seat) => [s.pos, s.customerId])).toEqual([
      [1, b.id],
      [2, c.id],
      [3, a.id],
    ]);
    // The seats digest goes by seat number, whoever created the room (PF v1 §7.3).
    expect(full.seatsDigest).toBe(battleSeatsDigest(full.customerList.map((s: Seat) => s.clientSeed)));
    await expectBooksBalanced(db());
  });

  it('keeps seat 1 for the creator when pos is not given', async () => {
    const p = await player(await priceOf(BOX));
    const res = await create(p, { boxLists: `${BOX}`, countCustomer: 2 });
    expect(res.data.customerList.map((s: Seat) => s.pos)).toEqual([1]);
  });

  it('draws the creator by the seat they chose: their rolls are those of that seat, and the winner gets every item', async () => {
    const entry = (await priceOf(BOX)) + (await priceOf(OTHER_BOX));
    const [a, b] = [await player(entry), await player(entry)];
    const code = (await create(a, { boxLists: `${BOX},${OTHER_BOX}`, countCustomer: 2, pos: 2 })).data.battleCode as string;
    await join(b, code);
    const id = (await detail(code)).id as number;
    expect(await draw(id)).toBe('ended');
    const res = (await call(t.app, 'GET', '/api/battle/getBattleResults', { battleCode: code })).data;
    expect(res.customerList.map((s: Seat) => [s.pos, s.customerId])).toEqual([
      [1, b.id],
      [2, a.id],
    ]);
    const input = { battleId: id, round: res.targetRound, randomness: res.randomness, seatsDigest: res.seatsDigest };
    for (const r of res.rolls as Roll[]) {
      const box = res.boxList.find((x: { round: number }) => x.round === r.round);
      const odds = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: box.boxId })).data;
      const ranges = odds.gifts.map((g: { giftId: number; rollCodeLow: number; rollCodeHigh: number }) => ({
        itemId: g.giftId,
        low: g.rollCodeLow,
        high: g.rollCodeHigh,
      }));
      const trace = battleRoll(res.serverSeed, input, r.round, r.pos);
      expect(trace.rollCode).toBe(r.rollCode);
      expect(pickByRoll(ranges, r.rollCode).itemId).toBe(r.giftId);
    }
    const totalOf = (pos: number) => (res.rolls as Roll[]).filter((r) => r.pos === pos).reduce((s, r) => s + r.giftPrice, 0);
    if (totalOf(1) !== totalOf(2)) expect(res.winnerPos).toBe(totalOf(1) > totalOf(2) ? 1 : 2);
    const [winner, loser] = res.winnerPos === 2 ? [a, b] : [b, a];
    expect(await backpackSize(winner)).toBe(4);
    expect(await backpackSize(loser)).toBe(0);
    await expectBooksBalanced(db());
  });

  it('refuses a seat outside 1..countCustomer with a parameter error, before anything is paid', async () => {
    const price = await priceOf(BOX);
    const p = await player(price);
    for (const pos of [0, -1, 3, 5, 'x', 1.5, '']) {
      const res = await create(p, { boxLists: `${BOX}`, countCustomer: 2, pos });
      expect(res.status, `pos ${String(pos)}`).toBe(1001);
      expect(res.msg).toMatch(/^参数错误 pos/);
    }
    expect((await create(p, { boxLists: `${BOX}`, countCustomer: 4, pos: 5 })).status).toBe(1001);
    expect(await wallet(p)).toEqual({ coins: price, points: 0 });
    // Both bounds are seats: the last one of the room is fine.
    expect((await create(p, { boxLists: `${BOX}`, countCustomer: 2, pos: 2 })).data.customerList[0].pos).toBe(2);
    expect(await wallet(p)).toEqual({ coins: 0, points: 0 });
    await expectBooksBalanced(db());
  });
});
