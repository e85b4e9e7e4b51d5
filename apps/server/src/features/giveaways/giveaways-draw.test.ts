import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { giveawayDraw, giveawayEntriesHash, localBeaconRandomness, publicHash } from '@skinfair/fairness';
import { EventType } from '@skinfair/contract';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { GIVEAWAY_DRAW_JOB, giveawayDrawJob } from './index.js';
import { ensureDemoGiveaway } from './draw.js';
import { maskNickname } from './views.js';
import {
  t,
  db,
  type Json,
  silentBeacon,
  deps,
  type Player,
  player,
  giveItems,
  create,
  join,
  detail,
  ownRoom,
  stockLines,
  stockOf,
  official,
  freeze,
  draw,
  inventoryStates,
  liveItems,
  backpack,
} from './giveaways-fixture.js';

describe('freeze and draw', () => {
  it('an official room: entries frozen and hashed, winners re-derivable from published data, prizes credited once', async () => {
    const lines = await stockLines(2);
    const stockIds = [lines[0]!.id, lines[1]!.id, lines[0]!.id];
    const id = await official({ stockIds, title: '官方开奖' });
    const stockAfterCreate = [await stockOf(lines[0]!.id), await stockOf(lines[1]!.id)];
    const players = await Promise.all(Array.from({ length: 5 }, () => player()));
    for (const p of players) expect((await join(p, id)).status).toBe(0);

    const before = t.published.length;
    expect(await freeze(id)).toBe('frozen');
    const frozen = await detail(id);
    // Before the draw the list names no user ids (issue 24 §14); they come out with the draw, below.
    const frozenEntries = (await call(t.app, 'GET', '/api/giveaway/partakeList', { giveawayId: id })).data as Json[];
    expect(frozenEntries.map((e) => [e.entryNo, e.userId])).toEqual([1, 2, 3, 4, 5].map((n) => [n, null]));
    expect(frozen).toMatchObject({ state: 1, entryCount: 5, entriesHash: expect.stringMatching(/^[0-9a-f]{64}$/), serverSeed: null });
    expect(t.published.slice(before).map((m) => m.eventType)).toEqual([EventType.GIVEAWAY_STATE]);
    // Frozen: no join now, even before the clock says so.
    expect(await join(await player(), id)).toEqual(refused('GIVEAWAY_ENDED'));
    expect(await freeze(id)).toBe('skipped');

    expect(await draw(id)).toBe('drawn');
    const room = await detail(id);
    expect(room).toMatchObject({ state: 2, beaconSource: 'local', randomness: localBeaconRandomness(room.targetRound) });
    expect(publicHash(room.serverSeed, room.secretSalt)).toBe(frozen.publicHash);
    const entries = (await call(t.app, 'GET', '/api/giveaway/partakeList', { giveawayId: id })).data as Json[];
    expect(giveawayEntriesHash(entries)).toBe(frozen.entriesHash);
    const trace = giveawayDraw(
      room.serverSeed,
      { giveawayId: id, round: room.targetRound, randomness: room.randomness, entriesHash: room.entriesHash },
      room.entryCount,
      room.giftCount,
    );
    const userOf = new Map(entries.map((e) => [e.entryNo as number, e.userId as number]));
    expect(room.giftVos.map((g: Json) => [g.winnerEntryNo, g.winnerInfo.id])).toEqual(trace.winners.map((n) => [n, userOf.get(n)]));
    // Each winner's backpack holds exactly the prizes they won; the stock is not given back.
    for (const p of players) {
      const won = room.giftVos.filter((g: Json) => g.winnerInfo.id === p.id);
      const bag = await backpack(p);
      expect(bag.pageData.map((o: Json) => o.giftId).sort()).toEqual(won.map((g: Json) => g.giftId).sort());
      for (const o of bag.pageData) expect(o.sourceType).toBe('giveaway');
    }
    expect([await stockOf(lines[0]!.id), await stockOf(lines[1]!.id)]).toEqual(stockAfterCreate);
    const winners = (await call(t.app, 'GET', '/api/giveaway/winnerList', { giveawayId: id })).data as Json[];
    expect(winners.flatMap((w) => w.giftVos).length).toBe(3);
    const firstWinner = room.giftVos[0].winnerInfo.id;
    const [msg] = await queryRows<{ title: string; content: string }>(
      db(),
      sql`SELECT title, content FROM messages WHERE user_id = ${firstWinner} ORDER BY id DESC LIMIT 1`,
    );
    expect(msg).toMatchObject({ title: '福利屋中奖通知', content: expect.stringContaining('官方开奖') });
    // Drawn once: a second run changes nothing.
    expect(await draw(id)).toBe('skipped');
    const [granted] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM inventory_items WHERE source_type = 'giveaway' AND source_id = ${id}`,
    );
    expect(toInt(granted?.n)).toBe(3);
    await expectBooksBalanced(db());
  });

  it('an own room with fewer entries than prizes: the unwon prize goes back; item counts stay balanced', async () => {
    const host = await player();
    const vouchers = await giveItems(host, 3);
    const room = (await create(host, { vouchers: vouchers.join(',') })).data;
    const [a, b] = [await player(), await player()];
    await join(a, room.id);
    await join(b, room.id);
    const counts = await liveItems();
    expect(await draw(room.id)).toBe('drawn');
    expect(await liveItems()).toEqual(counts);
    const drawn = await detail(room.id);
    const won = drawn.giftVos.filter((g: Json) => g.winnerInfo !== null);
    expect(won.map((g: Json) => g.position)).toEqual([1, 2]);
    expect(new Set(won.map((g: Json) => g.winnerInfo.id))).toEqual(new Set([a.id, b.id]));
    const states = await inventoryStates(vouchers);
    const back = Object.values(states).filter((s) => s.state === 'in_backpack');
    expect(back).toEqual([{ state: 'in_backpack', userId: host.id }]);
    expect(Object.values(states).filter((s) => s.state === 'used')).toHaveLength(2);
    expect((await backpack(a)).totalRows + (await backpack(b)).totalRows).toBe(2);
    // Masked names in the public lists.
    expect(won[0].winnerInfo.nickname).toContain('***');
  });

  it('no entries: nothing to draw, no beacon needed; own items go back and official stock is restocked', async () => {
    const host = await player();
    const vouchers = await giveItems(host, 2);
    const room = (await create(host, { vouchers: vouchers.join(',') })).data;
    expect(await freeze(room.id)).toBe('closed');
    expect(await detail(room.id)).toMatchObject({ state: 2, entryCount: 0, randomness: null });
    expect((await detail(room.id)).serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(await inventoryStates(vouchers)).map((s) => s.state)).toEqual(['in_backpack', 'in_backpack']);
    const [line] = await stockLines(1);
    const stock = await stockOf(line!.id);
    const id = await official({ stockIds: [line!.id, line!.id] });
    expect(await stockOf(line!.id)).toBe(stock - 2);
    expect(await draw(id, silentBeacon)).toBe('closed');
    expect(await stockOf(line!.id)).toBe(stock);
  });

  it('waits for a late beacon and never uses another round', async () => {
    const host = await player();
    const room = await ownRoom(host, 1);
    const p = await player();
    await join(p, room.id);
    await expect(draw(room.id, silentBeacon)).rejects.toThrow(/not available yet/);
    expect(await detail(room.id)).toMatchObject({ state: 1, entriesHash: null });
    const wrongRound: BeaconProvider = {
      source: 'local',
      fetchRound: async (r) => ({ round: r + 1, randomness: localBeaconRandomness(r + 1), signature: null, source: 'local' }),
    };
    await expect(draw(room.id, wrongRound)).rejects.toThrow(/not available yet/);
    expect(await draw(room.id)).toBe('drawn');
    expect((await detail(room.id)).randomness).toBe(localBeaconRandomness(room.targetRound));
  });

  it('a draw that dies before commit leaves nothing behind, and the retried job draws exactly once', async () => {
    const host = await player();
    const room = await ownRoom(host, 2);
    const players = [await player(), await player(), await player()];
    for (const p of players) await join(p, room.id);
    await db().execute(sql`UPDATE giveaways SET open_time = now() - interval '1 second' WHERE id = ${room.id}`);
    await db().execute(sql`UPDATE jobs SET run_at = now() + interval '1 day' WHERE state = 'pending'`);
    await db().execute(
      sql`UPDATE jobs SET run_at = now() WHERE kind = ${GIVEAWAY_DRAW_JOB} AND payload->>'giveawayId' = ${String(room.id)}`,
    );
    const quiet = { info() {}, warn() {}, error() {} };
    const handler = giveawayDrawJob(deps());
    const dying = createJobRunner({ db: db(), logger: quiet, pollMs: 1_000_000, backoffBaseMs: 0 });
    dying.register(GIVEAWAY_DRAW_JOB, async (payload, scope, job) => {
      await handler(payload, scope, job);
      throw new Error('killed before commit');
    });
    expect(await dying.runOnce()).toBe(1);
    expect(await detail(room.id)).toMatchObject({ state: 1, entriesHash: null });
    const restarted = createJobRunner({ db: db(), logger: quiet, pollMs: 1_000_000 });
    restarted.register(GIVEAWAY_DRAW_JOB, handler);
    expect(await restarted.runOnce()).toBe(1);
    expect(await restarted.runOnce()).toBe(0);
    const drawn = await detail(room.id);
    expect(drawn).toMatchObject({ state: 2, entryCount: 3 });
    let bags = 0;
    for (const p of players) bags += (await backpack(p)).totalRows;
    expect(bags).toBe(2);
  });
});

describe('lists and demo rooms', () => {
  it('pages by type and state, the home list, the prize list; "joined" needs a session', async () => {
    const host = await player();
    const own = await ownRoom(host, 1);
    const [line] = await stockLines(1);
    const off = await official({ stockIds: [line!.id] });
    const p = await player();
    await join(p, own.id);
    const page = (params: Record<string, unknown>, who?: Player) => call(t.app, 'GET', '/api/giveaway/page', params, who?.token);
    const officialIds = (await page({ type: 1, pageSize: 100 })).data.pageData.map((r: Json) => r.id);
    expect(officialIds).toContain(off);
    expect(officialIds).not.toContain(own.id);
    const others = (await page({ type: 2, state: 1, pageSize: 100 })).data.pageData;
    expect(others.map((r: Json) => r.id)).toContain(own.id);
    expect(others.every((r: Json) => r.state === 1 && r.roomType !== 1)).toBe(true);
    expect((await page({ type: 0 })).status).toBe(401);
    const mine = (await page({ type: 0 }, p)).data;
    expect(mine.pageData.map((r: Json) => [r.id, r.joinFlag])).toEqual([[own.id, true]]);
    expect((await page({ type: 1, state: 2 })).data.pageData.every((r: Json) => r.state === 2)).toBe(true);
    expect((await page({ type: 3 })).status).toBe(1001);
    const home = (await call(t.app, 'GET', '/api/giveaway/listHostGiveaway')).data;
    expect(home.length).toBeGreaterThan(0);
    expect(home.every((r: Json) => r.state === 1)).toBe(true);
    const gifts = (await call(t.app, 'GET', '/api/giveaway/giftList', { giveawayId: own.id })).data;
    expect(gifts).toEqual(own.giftVos);
    expect(await call(t.app, 'GET', '/api/giveaway/detail', { giveawayId: 99_999_999 })).toEqual(refused('GIVEAWAY_NOT_FOUND'));
    expect(await call(t.app, 'GET', '/api/giveaway/partakeList', { giveawayId: 99_999_999 })).toEqual(refused('GIVEAWAY_NOT_FOUND'));
  });

  it('one demo official room at a time; its close opens the next', async () => {
    const first = await ensureDemoGiveaway(db());
    expect(first).not.toBeNull();
    expect(await ensureDemoGiveaway(db())).toBeNull();
    const room = await detail(first!);
    expect(room).toMatchObject({ roomType: 1, state: 1, giftCount: 2 });
    expect(Date.parse(room.openTime) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await draw(first!)).toBe('closed');
    const [next] = await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM giveaways WHERE demo AND state = 'running'`);
    expect(toInt(next?.id)).toBeGreaterThan(first!);
  });

  it('masks nicknames', () => {
    expect(maskNickname('玩家123488')).toBe('玩***88');
    expect(maskNickname('阿')).toBe('阿***');
    expect(maskNickname('abc')).toBe('a***');
  });
});
