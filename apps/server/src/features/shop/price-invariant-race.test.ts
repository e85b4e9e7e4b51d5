import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus, shopPriceOf } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { usingPostgres } from '../../testing/test-db.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/**
 * Issue 30 §2 on PostgreSQL (decision 0051): buys and sell-backs race an operator's price changes up and
 * down, and no sell-back credits more than the shop price in force when it committed. PGlite has one
 * connection and serialises everything, so these run only against a real server.
 */

let t: TestApp;
let ops: { token: string; id: number };
beforeAll(async () => {
  t = await buildTestApp();
  ops = await givenOperator(t.app, t.database.db, 'operations');
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Player = { userId: number; token: string };
const post = (url: string, params: Record<string, unknown>) => adminCall(t.app, 'POST', url, params, { adminToken: ops.token });
async function newPlayer(): Promise<Player> {
  const user = await givenUser(db(), { coinsFen: 50_000_000 });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}
const buy = (p: Player, stockId: number) => call(t.app, 'POST', '/api/shop/buy', { id: stockId }, p.token);
const sell = (p: Player, ids: number[]) => call(t.app, 'POST', '/api/personalCenter/exchangeQuantity', { ids: ids.join(',') }, p.token);
const coins = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data.balance as number;
const ok = (res: { status: number; msg: string }) => expect(res.status, res.msg).toBe(0);

const used = new Set<number>();
async function shopLine() {
  const rows = await queryRows<{ id: unknown; item_id: unknown; price_fen: unknown }>(
    db(),
    sql`SELECT s.id, s.item_id, s.price_fen FROM shop_stock s JOIN items i ON i.id = s.item_id
        WHERE s.enabled AND s.price_fen BETWEEN 200 AND 2000 AND i.recovery_price_fen < s.price_fen ORDER BY s.id`,
  );
  const row = rows.find((r) => !used.has(toInt(r.id)))!;
  used.add(toInt(row.id));
  const line = { stockId: toInt(row.id), itemId: toInt(row.item_id), priceFen: toInt(row.price_fen) };
  ok(await post('/api/admin/items/shop/update', { id: line.stockId, stock: 100_000 }));
  return line;
}
const creditOf = async (inventoryId: number) =>
  toInt(
    (
      await queryRows<{ amount_fen: unknown }>(
        db(),
        sql`SELECT amount_fen FROM ledger_transfers WHERE code = 'item_exchange' AND ref_type = 'inventory' AND ref_id = ${String(inventoryId)}`,
      )
    )[0]?.amount_fen,
  );

/** Waits (on events in the database, not on time) until `n` sessions of this database wait for a row lock. */
async function lockWaiters(n: number): Promise<boolean> {
  for (let i = 0; i < 1_000; i++) {
    const [row] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (toInt(row!.n) >= n) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
/** Holds a player's coin account row locked until `release` is called: their money statements wait there. */
function holdCoins(userId: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const ready = new Promise<void>((resolve) => (locked = resolve));
  const done = db().transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM ledger_accounts WHERE owner_type = 'user' AND user_id = ${userId} AND kind = 'coin' FOR UPDATE`);
    locked();
    await gate;
  });
  return { ready, release: async () => (release(), await done) };
}

describe.skipIf(!usingPostgres())('the sell-back never passes the shop price, under concurrency (PostgreSQL)', () => {
  it('buys and sell-backs racing price changes up and down: each credit at most the shop price in force when it committed, the books balanced', async () => {
    const line = await shopLine();
    const low = line.priceFen;
    const high = 4 * line.priceFen;
    // The operator's steps: each keeps the shop at or above the recovery price on its own (raise the shop
    // first on the way up, cut the item first on the way down), so old and new code both accept them.
    type Change = { start: number; end: number; shopFen: number };
    const changes: Change[] = [];
    let shopFen = line.priceFen;
    const step = async (url: string, params: Record<string, unknown>, after: number) => {
      const start = performance.now();
      ok(await post(url, params));
      changes.push({ start, end: performance.now(), shopFen: after });
      shopFen = after;
    };
    const toHigh = async () => {
      await step('/api/admin/items/shop/update', { id: line.stockId, priceFen: shopPriceOf(high) }, shopPriceOf(high));
      await step('/api/admin/items/price', { id: line.itemId, priceFen: high, reason: '价格上调' }, shopPriceOf(high));
    };
    const toLow = async () => {
      await step('/api/admin/items/price', { id: line.itemId, priceFen: low, reason: '价格下调' }, shopFen);
      await step('/api/admin/items/shop/update', { id: line.stockId, priceFen: shopPriceOf(low) }, shopPriceOf(low));
    };
    const initialShop = line.priceFen;
    await toHigh();
    const players = await Promise.all(Array.from({ length: 10 }, () => newPlayer()));
    // Each holds copies bought at the high price: worth `high` in their backpacks.
    const held = new Map<number, number[]>();
    for (const p of players) {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await buy(p, line.stockId);
        ok(res);
        ids.push(...(res.data.voucherIds as number[]));
      }
      held.set(p.userId, ids);
    }
    type Sale = { start: number; end: number; id: number; amount: number };
    const sales: Sale[] = [];
    const sellOne = async (p: Player) => {
      const id = held.get(p.userId)!.shift();
      if (id === undefined) return;
      const start = performance.now();
      const res = await sell(p, [id]);
      ok(res);
      sales.push({ start, end: performance.now(), id, amount: res.data.amount });
    };
    const buyOne = async (p: Player) => {
      const res = await buy(p, line.stockId);
      // A buy whose price moved under it is refused and charges nothing; a client buys again.
      expect([0, errorStatus('SHOP_PRICE_CHANGED')], res.msg).toContain(res.status);
      if (res.status === 0) held.get(p.userId)!.push(...(res.data.voucherIds as number[]));
    };
    for (let round = 0; round < 6; round++) {
      const change = round % 2 === 0 ? toLow : toHigh;
      // The race: the operator's two steps, a sell-back and a buy of every player, all at once…
      await Promise.all([change(), ...players.map(sellOne), ...players.map(buyOne)]);
      // …then a few sell-backs while nothing changes.
      await Promise.all(players.slice(0, 3).map(sellOne));
    }
    // The price that could have been in force when a sale committed: the last change done before it
    // started, and any change that started before it ended.
    const inForce = (sale: Sale) => {
      const before = changes.filter((c) => c.end < sale.start).at(-1)?.shopFen ?? initialShop;
      return [before, ...changes.filter((c) => c.end >= sale.start && c.start < sale.end).map((c) => c.shopFen)];
    };
    let pinned = 0;
    for (const sale of sales) {
      const possible = inForce(sale);
      expect(await creditOf(sale.id), `sale of ${sale.id}`).toBe(sale.amount);
      expect(sale.amount, `sale of ${sale.id} among prices ${possible.join(', ')}`).toBeLessThanOrEqual(Math.max(...possible));
      if (possible.length === 1 && possible[0] === shopPriceOf(low)) pinned++;
    }
    // Some sales ran wholly inside a low-price window with copies worth `high`: the cap had to bite there.
    expect(pinned).toBeGreaterThan(0);
    // Every sale went through: each player always held a copy to sell.
    expect(sales).toHaveLength(players.length * 6 + 3 * 6);
    await expectBooksBalanced(db());
  }, 120_000);

  it('a sell-back held up after reading the price cannot credit a price that a cut committed meanwhile', async () => {
    const line = await shopLine();
    const high = 4 * line.priceFen;
    ok(await post('/api/admin/items/shop/update', { id: line.stockId, priceFen: shopPriceOf(high) }));
    ok(await post('/api/admin/items/price', { id: line.itemId, priceFen: high, reason: '价格上调' }));
    const p = await newPlayer();
    const bought = await buy(p, line.stockId);
    ok(bought);
    const copy = bought.data.voucherIds[0] as number;
    // The sell-back's money statement waits on the player's coin row, after the price was read.
    const hold = holdCoins(p.userId);
    await hold.ready;
    const selling = sell(p, [copy]);
    expect(await lockWaiters(1)).toBe(true);
    // The operator cuts the price meanwhile: either the cut waits for the sell-back, or the sell-back pays the cut price.
    const cutting = (async () => {
      ok(await post('/api/admin/items/price', { id: line.itemId, priceFen: line.priceFen, reason: '价格下调' }));
      ok(await post('/api/admin/items/shop/update', { id: line.stockId, priceFen: line.priceFen }));
      return 'committed' as const;
    })();
    const first = await Promise.race([cutting, lockWaiters(2).then(() => 'waiting' as const)]);
    await hold.release();
    const sold = await selling;
    ok(sold);
    await cutting;
    expect(sold.data.amount).toBeLessThanOrEqual(first === 'committed' ? line.priceFen : shopPriceOf(high));
    expect(await creditOf(copy)).toBe(sold.data.amount);
    await expectBooksBalanced(db());
  });

  it('a purchase held up after reading the price does not pay a price the operator changed meanwhile', async () => {
    const line = await shopLine();
    const p = await newPlayer();
    const start = await coins(p);
    const hold = holdCoins(p.userId);
    await hold.ready;
    const buying = buy(p, line.stockId);
    expect(await lockWaiters(1)).toBe(true);
    const raised = line.priceFen + 100;
    ok(await post('/api/admin/items/shop/update', { id: line.stockId, priceFen: raised }));
    await hold.release();
    const bought = await buying;
    if (bought.status === 0) expect(bought.data.amount).toBe(raised);
    else {
      expect(bought.status).toBe(errorStatus('SHOP_PRICE_CHANGED'));
      expect(await coins(p)).toBe(start);
    }
    await expectBooksBalanced(db());
  });
});
