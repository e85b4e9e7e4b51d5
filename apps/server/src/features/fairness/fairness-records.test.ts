import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import {
  t,
  boxId,
  boxPrice,
  freeBoxId,
  db,
  newPlayer,
  currentKey,
  reset,
  verify,
  gameRecords,
  coins,
  freeBoxes,
  openFree,
  open,
  expectVerifiable,
} from './fairness-fixture.js';

describe('game records', () => {
  it('recall the last games with seeds, nonce, outcome and the coins and points before and after', async () => {
    // 1.5 boxes in coins and 10 boxes in points: the second opening spends the last coins, then points.
    const user = await givenUser(db(), { coinsFen: boxPrice + Math.floor(boxPrice / 2), pointsFen: boxPrice * 10 });
    const p = { userId: user.id, token: await givenSession(db(), user.id) };
    const key = (await currentKey(p)).data;
    const first = await open(p, 1);
    const second = await open(p, 3);
    const coinsLeft = Math.floor(boxPrice / 2);

    const page = await gameRecords(p);
    expect(page.totalRows).toBe(4);
    const records = page.pageData as Array<Record<string, unknown>>;
    expect(records.map((r) => r.verifyId)).toEqual([...second, ...first].map((r) => r.verifyId).sort((a, b) => b - a));
    expect(records.map((r) => r.nonce)).toEqual([3, 2, 1, 0]);
    const secondBefore = { coin: coinsLeft, point: boxPrice * 10 };
    // Each opening of the batch has its own balances (issue 30 §4): the last coins go first, then points.
    const afterFirst = { coin: 0, point: boxPrice * 10 - (boxPrice - coinsLeft) };
    const afterSecond = { coin: 0, point: afterFirst.point - boxPrice };
    const own = [
      { balanceBefore: afterSecond, balanceAfter: { coin: 0, point: afterSecond.point - boxPrice } },
      { balanceBefore: afterFirst, balanceAfter: afterSecond },
      { balanceBefore: secondBefore, balanceAfter: afterFirst },
    ];
    for (const [k, r] of records.slice(0, 3).entries()) {
      expect(r).toMatchObject({
        game: 'case',
        caseId: boxId,
        publicHash: key.publicHash,
        clientSeed: key.clientSeed,
        serverSeed: null,
        ...own[k],
      });
      expect(r.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(r.itemName).toEqual(expect.any(String));
      expect(r.boxName).toEqual(expect.any(String));
    }
    expect(records[3]).toMatchObject({
      verifyId: first[0]!.verifyId,
      rollCode: first[0]!.rollCode,
      pricePaid: boxPrice,
      balanceBefore: { coin: boxPrice + coinsLeft, point: boxPrice * 10 },
      balanceAfter: secondBefore,
    });
    expect(await coins(p)).toBe(0);

    // The open-box records (backpack) carry the same balances and the share id.
    const opens = (await call(t.app, 'GET', '/api/personalCenter/getMyOpenBoxPage', {}, p.token)).data;
    expect(opens.pageData[3]).toMatchObject({
      verifyId: first[0]!.verifyId,
      shareId: records[3]!.shareId,
      balanceBefore: records[3]!.balanceBefore,
      balanceAfter: records[3]!.balanceAfter,
    });

    // After a reset the records show the revealed seed; nobody else sees them.
    await reset(p);
    expect((await gameRecords(p)).pageData[0].serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect((await gameRecords(p, { page: 1, pageSize: 2 })).pageData).toHaveLength(2);
    const other = await newPlayer();
    expect((await gameRecords(other)).totalRows).toBe(0);
    expect(await call(t.app, 'GET', '/api/key/gameRecords')).toEqual(refused('NOT_LOGGED_IN'));
    await expectBooksBalanced(db());
  });

  it('a free box is a game with the balance unchanged', async () => {
    const p = await newPlayer(1234);
    await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${p.userId}`);
    const grant = (await freeBoxes(p)).pageData[0];
    expect((await openFree(p, grant.id)).status).toBe(0);
    const [record] = (await gameRecords(p)).pageData;
    expect(record).toMatchObject({
      game: 'free_case',
      pricePaid: 0,
      balanceBefore: { coin: 1234, point: 0 },
      balanceAfter: { coin: 1234, point: 0 },
    });
  });
});

describe('free boxes', () => {
  it('a verified player gets one daily box, opens it for free once, and can verify the roll', async () => {
    const p = await newPlayer(0);
    await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${p.userId}`);
    const page = await freeBoxes(p);
    expect(page.totalRows).toBe(1);
    const grant = page.pageData[0];
    expect(grant).toMatchObject({ boxId: freeBoxId, reason: 'daily', used: false });
    // Looking again grants nothing more.
    expect((await freeBoxes(p)).totalRows).toBe(1);

    const res = await openFree(p, grant.id);
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({ balance: 0, integral: 0 });
    expect(res.data.results).toHaveLength(1);
    const roll = await verify(p, res.data.results[0].verifyId);
    expect(roll).toMatchObject({ game: 'free_case', caseId: freeBoxId, nonce: 0, serverSeed: null });
    expect((await currentKey(p)).data.nonce).toBe(1);
    const bag = (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', {}, p.token)).data;
    expect(bag.pageData).toEqual([expect.objectContaining({ id: res.data.results[0].voucherId, sourceType: 'free_case' })]);
    expect((await freeBoxes(p)).pageData[0]).toMatchObject({ id: grant.id, used: true });

    expect(await openFree(p, grant.id)).toEqual(refused('FREE_BOX_UNAVAILABLE'));
    expect(await coins(p)).toBe(0);
    const [spent] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id WHERE a.user_id = ${p.userId}`,
    );
    expect(toInt(spent!.n)).toBe(0);

    await reset(p);
    expectVerifiable(await verify(p, res.data.results[0].verifyId));
    await expectBooksBalanced(db());
  });

  it("an unverified player gets no daily box, and nobody opens another player's grant", async () => {
    const verified = await newPlayer(0);
    await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${verified.userId}`);
    const grantId = (await freeBoxes(verified)).pageData[0].id as number;
    const p = await newPlayer();
    expect((await freeBoxes(p)).totalRows).toBe(0);
    expect(await openFree(p, grantId)).toEqual(refused('FREE_BOX_UNAVAILABLE'));
    expect(await openFree(p, 987_654_321)).toEqual(refused('FREE_BOX_UNAVAILABLE'));
    expect((await freeBoxes(verified)).pageData[0]).toMatchObject({ id: grantId, used: false });
  });

  it('the free box cannot be opened for money through openCase', async () => {
    const p = await newPlayer(boxPrice * 100);
    await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${p.userId}`);
    expect(await call(t.app, 'POST', '/api/case/openCase', { caseId: freeBoxId, number: 1 }, p.token)).toEqual(refused('BOX_DISABLED'));
    expect(await coins(p)).toBe(boxPrice * 100);
    expect((await currentKey(p)).data.nonce).toBe(0);
    expect((await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', {}, p.token)).data.totalRows).toBe(0);
    await expectBooksBalanced(db());
  });
});
