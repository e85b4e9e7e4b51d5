import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { usingPostgres } from '../../testing/test-db.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { createJobRunner, enqueueJob, type JobRunner } from '../../platform/jobs/index.js';
import { createAppContext, registerJobHandlers } from '../../app.js';
import { RETRIEVAL_JOB } from './index.js';

let t: TestApp;
let runner: JobRunner;
let boxId: number;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await buildTestApp({ env: { FULFILMENT_STEP_MS: '0' } });
  runner = createJobRunner({ db: db(), logger: silent, pollMs: 60_000, nodeId: 'backpack-test' });
  registerJobHandlers(runner, createAppContext({ config: t.config, database: t.database, live: t.live }));
  const [box] = await queryRows<{ id: unknown }>(
    db(),
    sql`SELECT id FROM boxes WHERE box_type = 1 AND enabled ORDER BY price_fen, id LIMIT 1`,
  );
  boxId = toInt(box!.id);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Player = { userId: number; token: string };
const P = '/api/personalCenter';
const GOOD_TRADE_URL = 'https://steamcommunity.com/tradeoffer/new/?partner=123&token=AbCdEf12';
const FAILING_TRADE_URL = 'https://steamcommunity.com/tradeoffer/new/?partner=456&token=failXy99';

async function newPlayer(coinsFen = 10_000_000): Promise<Player> {
  const user = await givenUser(db(), { coinsFen });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}

/** Opens `n` boxes and returns the new backpack items (voucher ids with their recovery prices). */
async function openBoxes(p: Player, n: number) {
  const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number: n }, p.token);
  expect(res.status).toBe(0);
  return (res.data.results as Array<{ voucherId: number; recoveryPrice: number }>).map((r) => ({
    id: r.voucherId,
    price: r.recoveryPrice,
  }));
}

const ornaments = (p: Player, params: Record<string, unknown> = {}) =>
  call(t.app, 'GET', `${P}/getMyOrnamentPage`, { pageSize: 100, ...params }, p.token);
const swap = (p: Player, ids: number[] | string) =>
  call(t.app, 'POST', `${P}/exchangeQuantity`, { ids: Array.isArray(ids) ? ids.join(',') : ids }, p.token);
const retrieve = (p: Player, ids: number[] | string) =>
  call(t.app, 'POST', `${P}/ornamentRetrieval`, { ids: Array.isArray(ids) ? ids.join(',') : ids }, p.token);
const setTradeUrl = async (p: Player, tradeUrl: string) =>
  expect((await call(t.app, 'POST', `${P}/modifyTradeUrl`, { tradeUrl }, p.token)).status).toBe(0);
const balance = async (p: Player) => (await call(t.app, 'GET', `${P}/userInfo`, {}, p.token)).data.balance as number;
const retrievals = async (p: Player) =>
  (await call(t.app, 'GET', `${P}/getMyRetrievalPage`, { pageSize: 100 }, p.token)).data.pageData as Array<Record<string, unknown>>;
const retrievalOf = async (p: Player, orderId: number) => (await retrievals(p)).find((r) => r.orderId === orderId)!;

async function itemState(id: number): Promise<string> {
  const [row] = await queryRows<{ state: string }>(db(), sql`SELECT state FROM inventory_items WHERE id = ${id}`);
  return row!.state;
}

/** item_exchange transfers credited to the player's coin account. */
async function exchangeTransfers(userId: number) {
  const rows = await queryRows<{ amount_fen: unknown; ref_type: string; ref_id: string }>(
    db(),
    sql`SELECT t.amount_fen, t.ref_type, t.ref_id FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
        WHERE a.user_id = ${userId} AND a.kind = 'coin' AND t.code = 'item_exchange' ORDER BY t.id`,
  );
  return rows.map((r) => ({ amountFen: toInt(r.amount_fen), refType: r.ref_type, refId: r.ref_id }));
}

async function messageTitles(p: Player): Promise<string[]> {
  const res = await call(t.app, 'GET', '/api/message/listMessage', { pageSize: 100 }, p.token);
  return (res.data.pageData as Array<{ title: string; type: string }>).filter((m) => m.type === 'retrieval').map((m) => m.title);
}

/** The first step is scheduled 2 s ahead; make every pending retrieval step due now. */
const makeJobsDue = () => db().execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'pending'`);

const ids = (page: { pageData: Array<{ id: number }> }) => page.pageData.map((o) => o.id);

describe('backpack listing', () => {
  it("lists own items by state, sorts by recovery price, pages, and never shows another player's items", async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    const mine = await openBoxes(p, 10);
    const theirs = await openBoxes(other, 3);

    const all = await ornaments(p);
    expect(all.status).toBe(0);
    expect(all.data).toMatchObject({ page: 1, totalRows: 10, totalPages: 1 });
    // Default sort: newest first.
    expect(ids(all.data)).toEqual(mine.map((m) => m.id).sort((a, b) => b - a));
    for (const o of all.data.pageData) expect(o).toMatchObject({ state: 'in_backpack', sourceType: 'case' });

    const desc = (await ornaments(p, { sort: 1 })).data.pageData.map((o: { recoveryPrice: number }) => o.recoveryPrice);
    const asc = (await ornaments(p, { sort: 2 })).data.pageData.map((o: { recoveryPrice: number }) => o.recoveryPrice);
    expect(desc).toEqual([...mine.map((m) => m.price)].sort((a, b) => b - a));
    expect(asc).toEqual([...mine.map((m) => m.price)].sort((a, b) => a - b));

    const pages = await Promise.all([1, 2, 3, 4].map((page) => ornaments(p, { page, pageSize: 4 })));
    expect(pages.map((r) => r.data.pageData.length)).toEqual([4, 4, 2, 0]);
    expect(pages[0]!.data).toMatchObject({ totalRows: 10, totalPages: 3, pageSize: 4 });
    expect(pages.flatMap((r) => ids(r.data))).toEqual(ids(all.data));

    const [a, b] = mine;
    expect((await swap(p, [a!.id, b!.id])).status).toBe(0);
    expect(ids((await ornaments(p, { state: 0 })).data).sort()).toEqual(
      mine
        .slice(2)
        .map((m) => m.id)
        .sort(),
    );
    const used = (await ornaments(p, { state: 1 })).data;
    expect(used.totalRows).toBe(2);
    expect(used.pageData.map((o: { id: number; state: string }) => [o.id, o.state]).sort()).toEqual(
      [
        [a!.id, 'exchanged'],
        [b!.id, 'exchanged'],
      ].sort(),
    );
    expect((await ornaments(p, { state: -1 })).data.totalRows).toBe(10);
    // moduleId (spec §3, -1 by default): every skin here is CS2's module 5; another game's module holds none.
    expect((await ornaments(p, { state: -1, moduleId: 5 })).data.totalRows).toBe(10);
    expect((await ornaments(p, { state: -1, moduleId: 7 })).data).toMatchObject({ totalRows: 0, pageData: [] });

    const everything = ids((await ornaments(p, { state: -1 })).data);
    for (const x of theirs) expect(everything).not.toContain(x.id);
    expect(ids((await ornaments(other, { state: -1 })).data).sort()).toEqual(theirs.map((x) => x.id).sort());
  });

  it('refuses a bad state or sort, and a caller without a session', async () => {
    const p = await newPlayer(0);
    for (const params of [{ state: 2 }, { state: -2 }, { sort: 3 }, { page: 0 }]) {
      const res = await ornaments(p, params);
      expect(res.status).toBe(1001);
      expect(res.msg).toMatch(/^参数错误/);
    }
    expect(await call(t.app, 'GET', `${P}/getMyOrnamentPage`)).toEqual(refused('NOT_LOGGED_IN'));
  });
});

describe('exchangeQuantity', () => {
  it('swaps items for coins at their recovery price through the ledger, once', async () => {
    const p = await newPlayer();
    const [a, b, c] = await openBoxes(p, 3);
    const before = await balance(p);
    const res = await swap(p, `${a!.id},${b!.id}`);
    const amount = a!.price + b!.price;
    expect(res).toEqual({ status: 0, msg: expect.any(String), data: { quantity: 2, amount, balance: before + amount } });
    expect(await balance(p)).toBe(before + amount);
    const transfers = await exchangeTransfers(p.userId);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amountFen: amount, refType: 'inventory' });
    expect(transfers[0]!.refId.split(',').map(Number).sort()).toEqual([a!.id, b!.id].sort());
    expect(await itemState(a!.id)).toBe('exchanged');
    expect(await itemState(b!.id)).toBe('exchanged');
    expect(await itemState(c!.id)).toBe('in_backpack');

    expect(await swap(p, [a!.id])).toEqual(refused('ITEM_NOT_AVAILABLE'));
    expect(await balance(p)).toBe(before + amount);
    expect(await exchangeTransfers(p.userId)).toHaveLength(1);
    await expectBooksBalanced(db());
  });

  it('counts a repeated id once', async () => {
    const p = await newPlayer();
    const [a] = await openBoxes(p, 1);
    const before = await balance(p);
    expect((await swap(p, `${a!.id},${a!.id}`)).data).toEqual({ quantity: 1, amount: a!.price, balance: before + a!.price });
    expect(await balance(p)).toBe(before + a!.price);
    await expectBooksBalanced(db());
  });

  it('moves nothing when one id of the list is foreign, used or missing', async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    const [a, b, used] = await openBoxes(p, 3);
    const [foreign] = await openBoxes(other, 1);
    expect((await swap(p, [used!.id])).status).toBe(0);
    const before = await balance(p);
    const transfersBefore = (await exchangeTransfers(p.userId)).length;

    for (const list of [
      [a!.id, foreign!.id],
      [a!.id, b!.id, used!.id],
      [b!.id, 999_999_999],
    ]) {
      expect(await swap(p, list)).toEqual(refused('ITEM_NOT_AVAILABLE'));
      expect(await retrieve(p, list)).toEqual(refused('TRADE_URL_REQUIRED'));
    }
    await setTradeUrl(p, GOOD_TRADE_URL);
    expect(await retrieve(p, [a!.id, foreign!.id])).toEqual(refused('ITEM_NOT_AVAILABLE'));

    expect(await balance(p)).toBe(before);
    expect(await exchangeTransfers(p.userId)).toHaveLength(transfersBefore);
    expect(await itemState(a!.id)).toBe('in_backpack');
    expect(await itemState(b!.id)).toBe('in_backpack');
    expect(await itemState(foreign!.id)).toBe('in_backpack');
    expect(await retrievals(p)).toEqual([]);
    expect((await ornaments(p)).data.totalRows).toBe(2);
    await expectBooksBalanced(db());
  });

  it('refuses a frozen account’s swap and moves nothing', async () => {
    const p = await newPlayer();
    const [a] = await openBoxes(p, 1);
    const before = await balance(p);
    await db().execute(sql`UPDATE users SET status = 'frozen' WHERE id = ${p.userId}`);
    try {
      expect(await swap(p, [a!.id])).toEqual(refused('ACCOUNT_DISABLED'));
    } finally {
      await db().execute(sql`UPDATE users SET status = 'active' WHERE id = ${p.userId}`);
    }
    expect(await itemState(a!.id)).toBe('in_backpack');
    expect(await balance(p)).toBe(before);
    await expectBooksBalanced(db());
  });

  it('refuses malformed ids with 1001 on both endpoints', async () => {
    const p = await newPlayer();
    await setTradeUrl(p, GOOD_TRADE_URL);
    const before = await balance(p);
    for (const bad of ['abc', '', '0', '-3', '1.5', '1,abc']) {
      for (const res of [await swap(p, bad), await retrieve(p, bad)]) {
        expect(res.status).toBe(1001);
        expect(res.msg).toMatch(/^参数错误/);
        expect(res.data).toBeNull();
      }
    }
    expect(await balance(p)).toBe(before);
  });
});

describe('ornamentRetrieval', () => {
  it('needs a trade link first', async () => {
    const p = await newPlayer();
    const [a] = await openBoxes(p, 1);
    expect(await retrieve(p, [a!.id])).toEqual(refused('TRADE_URL_REQUIRED'));
    expect(await itemState(a!.id)).toBe('in_backpack');
    expect(await retrievals(p)).toEqual([]);
  });

  it('walks 0 → 1 → 2 → 3 on the job runner, delivers the item and tells the player once', async () => {
    const p = await newPlayer();
    const [a, b] = await openBoxes(p, 2);
    await setTradeUrl(p, GOOD_TRADE_URL);
    const coins = await balance(p);

    const res = await retrieve(p, [a!.id]);
    expect(res.status).toBe(0);
    expect(res.data).toEqual([expect.objectContaining({ ornamentId: a!.id, state: 0, recoveryPrice: a!.price })]);
    const orderId = res.data[0].orderId as number;
    expect(await itemState(a!.id)).toBe('retrieving');
    expect(await retrievalOf(p, orderId)).toMatchObject({ state: 0, ornamentId: a!.id });
    // A retrieving item can be neither swapped nor retrieved again.
    expect(await swap(p, [a!.id])).toEqual(refused('ITEM_NOT_AVAILABLE'));
    expect(await retrieve(p, [a!.id])).toEqual(refused('ITEM_NOT_AVAILABLE'));

    await makeJobsDue();
    for (const state of [1, 2, 3]) {
      await runner.runOnce();
      expect(await retrievalOf(p, orderId)).toMatchObject({ state });
      expect(await itemState(a!.id)).toBe(state === 3 ? 'retrieved' : 'retrieving');
    }
    expect(await messageTitles(p)).toEqual(['饰品提取成功']);
    const used = (await ornaments(p, { state: 1 })).data.pageData;
    expect(used).toEqual([expect.objectContaining({ id: a!.id, state: 'retrieved' })]);

    // The same job again, or more polls, change nothing.
    await enqueueJob(db(), { kind: RETRIEVAL_JOB, payload: { retrievalId: orderId } });
    await runner.runOnce();
    await runner.runOnce();
    expect(await retrievalOf(p, orderId)).toMatchObject({ state: 3 });
    expect(await itemState(a!.id)).toBe('retrieved');
    expect(await messageTitles(p)).toEqual(['饰品提取成功']);
    expect(await itemState(b!.id)).toBe('in_backpack');
    expect(await balance(p)).toBe(coins);
    expect(await exchangeTransfers(p.userId)).toEqual([]);
    await expectBooksBalanced(db());
  });

  it('a failing trade link ends in state 4 with a remark and the item back in the backpack', async () => {
    const p = await newPlayer();
    const [a] = await openBoxes(p, 1);
    await setTradeUrl(p, FAILING_TRADE_URL);
    const orderId = (await retrieve(p, [a!.id])).data[0].orderId as number;
    await makeJobsDue();
    await runner.runOnce();
    const failed = await retrievalOf(p, orderId);
    expect(failed).toMatchObject({ state: 4, remark: expect.stringMatching(/\S/) });
    expect(await itemState(a!.id)).toBe('in_backpack');
    expect(await messageTitles(p)).toEqual(['饰品提取失败']);

    await enqueueJob(db(), { kind: RETRIEVAL_JOB, payload: { retrievalId: orderId } });
    await runner.runOnce();
    await runner.runOnce();
    expect(await retrievalOf(p, orderId)).toEqual(failed);
    expect(await messageTitles(p)).toEqual(['饰品提取失败']);
    expect(await itemState(a!.id)).toBe('in_backpack');

    // Back in the backpack, it can be swapped as usual.
    const before = await balance(p);
    expect((await swap(p, [a!.id])).data).toMatchObject({ quantity: 1, amount: a!.price, balance: before + a!.price });
    await expectBooksBalanced(db());
  });
});

// PGlite has one connection and cannot race; these prove the conditional state change on PostgreSQL.
describe.skipIf(!usingPostgres())('backpack under concurrency (PostgreSQL)', () => {
  it('20 concurrent swaps of one item pay out exactly once', async () => {
    const p = await newPlayer();
    const [a] = await openBoxes(p, 1);
    const before = await balance(p);
    const results = await Promise.all(Array.from({ length: 20 }, () => swap(p, [a!.id])));
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status === 4003)).toHaveLength(19);
    expect(await balance(p)).toBe(before + a!.price);
    expect(await exchangeTransfers(p.userId)).toHaveLength(a!.price > 0 ? 1 : 0);
    expect(await itemState(a!.id)).toBe('exchanged');
    await expectBooksBalanced(db());
  });

  it('20 concurrent mixed swaps and withdrawals of one item: exactly one wins', async () => {
    const p = await newPlayer();
    const [a] = await openBoxes(p, 1);
    await setTradeUrl(p, GOOD_TRADE_URL);
    const before = await balance(p);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? swap(p, [a!.id]) : retrieve(p, [a!.id]))));
    const winners = results.flatMap((r, i) => (r.status === 0 ? [i % 2 ? 'swap' : 'retrieve'] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 4003)).toHaveLength(19);
    const rs = await retrievals(p);
    if (winners[0] === 'swap') {
      expect(await itemState(a!.id)).toBe('exchanged');
      expect(await balance(p)).toBe(before + a!.price);
      expect(rs).toEqual([]);
    } else {
      expect(await itemState(a!.id)).toBe('retrieving');
      expect(await balance(p)).toBe(before);
      expect(rs).toHaveLength(1);
      expect(await exchangeTransfers(p.userId)).toEqual([]);
    }
    await expectBooksBalanced(db());
  });
});
