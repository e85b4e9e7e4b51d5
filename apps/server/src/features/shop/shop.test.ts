import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { shopCategories } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { usingPostgres } from '../../testing/test-db.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Player = { userId: number; token: string };
type ShopItem = { id: number; giftId: number; giftName: string; category: string | null; price: number; stock: number };

async function newPlayer(money: { coinsFen?: number; pointsFen?: number } = {}): Promise<Player> {
  const user = await givenUser(db(), money);
  return { userId: user.id, token: await givenSession(db(), user.id) };
}

const page = (params: Record<string, unknown> = {}) => call(t.app, 'GET', '/api/shop/page', params);
const rowsOf = async (params: Record<string, unknown>) => (await page({ pageSize: 100, ...params })).data.pageData as ShopItem[];
const buy = (p: Player, id: number, quantity?: number) =>
  call(t.app, 'POST', '/api/shop/buy', quantity === undefined ? { id } : { id, quantity }, p.token);
const wallet = async (p: Player) => {
  const info = (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data;
  return { coins: info.balance as number, points: info.integral as number };
};
const backpack = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', { pageSize: 100 }, p.token)).data;
const purchases = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/getMyPurchasePage', { pageSize: 100 }, p.token)).data;

async function stockOf(id: number): Promise<number> {
  const [row] = await queryRows<{ stock: unknown }>(db(), sql`SELECT stock FROM shop_stock WHERE id = ${id}`);
  return toInt(row!.stock);
}
const setStock = (id: number, stock: number) => db().execute(sql`UPDATE shop_stock SET stock = ${stock} WHERE id = ${id}`);

/** A stock row priced above 1 yuan, with at least `minStock` left; a fresh one each call. */
const taken = new Set<number>();
async function pickStock(minStock = 3): Promise<{ id: number; price: number; giftId: number }> {
  const rows = await queryRows<{ id: unknown; price_fen: unknown; item_id: unknown }>(
    db(),
    sql`SELECT id, price_fen, item_id FROM shop_stock WHERE enabled AND stock >= ${minStock} AND price_fen > 100 AND price_fen < 100000 ORDER BY id`,
  );
  const row = rows.find((r) => !taken.has(toInt(r.id)))!;
  taken.add(toInt(row.id));
  return { id: toInt(row.id), price: toInt(row.price_fen), giftId: toInt(row.item_id) };
}

const countWhere = async (where: ReturnType<typeof sql>) =>
  toInt(
    (
      await queryRows<{ n: unknown }>(
        db(),
        sql`SELECT count(*) AS n FROM shop_stock s JOIN items i ON i.id = s.item_id WHERE s.enabled AND ${where}`,
      )
    )[0]?.n,
  );

const isSorted = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || (x - xs[i - 1]!) * dir >= 0);

describe('shop page', () => {
  it('lists the enabled stock with the default paging', async () => {
    const res = await page();
    expect(res.status).toBe(0);
    const total = await countWhere(sql`true`);
    const [all] = await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM shop_stock WHERE enabled`);
    expect(total).toBe(toInt(all!.n));
    expect(total).toBeGreaterThan(100);
    expect(res.data).toMatchObject({ page: 1, pageSize: 15, totalRows: total, totalPages: Math.ceil(total / 15) });
    expect(res.data.pageData).toHaveLength(15);
    for (const item of res.data.pageData as ShopItem[]) {
      expect(item.price).toBeGreaterThan(0);
      expect(item.stock).toBeGreaterThanOrEqual(0);
      expect(shopCategories).toContain(item.category);
    }
  });

  it('sorts by price, high to low and low to high, across pages', async () => {
    const [max] = await queryRows<{ p: unknown }>(db(), sql`SELECT max(price_fen) AS p FROM shop_stock WHERE enabled`);
    const [min] = await queryRows<{ p: unknown }>(db(), sql`SELECT min(price_fen) AS p FROM shop_stock WHERE enabled`);
    const desc = [...(await rowsOf({ sort: 1 })), ...(await rowsOf({ sort: 1, page: 2 }))].map((r) => r.price);
    const asc = [...(await rowsOf({ sort: 2 })), ...(await rowsOf({ sort: 2, page: 2 }))].map((r) => r.price);
    expect(desc).toHaveLength(200);
    expect(isSorted(desc, -1)).toBe(true);
    expect(isSorted(asc, 1)).toBe(true);
    expect(desc[0]).toBe(toInt(max!.p));
    expect(asc[0]).toBe(toInt(min!.p));
  });

  it('filters by category and by a name substring', async () => {
    for (const category of shopCategories) {
      const res = await page({ category, pageSize: 100 });
      expect(res.status).toBe(0);
      expect(res.data.totalRows).toBe(await countWhere(sql`i.shop_filter = ${category}`));
      expect(res.data.totalRows).toBeGreaterThan(0);
      expect((res.data.pageData as ShopItem[]).every((r) => r.category === category)).toBe(true);
    }
    expect((await page({ category: '' })).data.totalRows).toBe(await countWhere(sql`true`));

    for (const name of ['AK-47', '爪子刀', '崭新出厂']) {
      const rows = await rowsOf({ name });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.giftName.includes(name))).toBe(true);
      expect((await page({ name, pageSize: 100 })).data.totalRows).toBe(await countWhere(sql`i.name LIKE ${`%${name}%`}`));
    }
    const akRows = await rowsOf({ name: 'ak-47', category: 'ak' });
    expect(akRows.length).toBeGreaterThan(0);
    expect(akRows.every((r) => r.category === 'ak' && r.giftName.includes('AK-47'))).toBe(true);
    expect(await rowsOf({ name: 'AK-47', category: 'awp' })).toEqual([]);
    // LIKE wildcards are taken literally.
    expect((await page({ name: '%' })).data.totalRows).toBe(0);
    expect((await page({ name: '_' })).data.totalRows).toBe(0);
  });

  it('pages consistently and clamps the page size to 100', async () => {
    const twenty = await page({ pageSize: 20 });
    const first = await page({ pageSize: 10 });
    const second = await page({ pageSize: 10, page: 2 });
    const idsOf = (r: { data: { pageData: ShopItem[] } }) => r.data.pageData.map((x) => x.id);
    expect([...idsOf(first), ...idsOf(second)]).toEqual(idsOf(twenty));
    const big = await page({ pageSize: 500 });
    expect(big.data.pageSize).toBe(100);
    expect(big.data.pageData).toHaveLength(100);
    expect((await page({ pageSize: 0 })).data.pageSize).toBe(1);
    const beyond = await page({ page: 1000, pageSize: 100 });
    expect(beyond.data.pageData).toEqual([]);
  });

  it('refuses a bad category, sort or page with 1001', async () => {
    for (const params of [{ category: 'rifle' }, { category: 'AK' }, { sort: 3 }, { page: 0 }, { name: 'x'.repeat(41) }]) {
      const res = await page(params);
      expect(res.status).toBe(1001);
      expect(res.msg).toMatch(/^参数错误/);
      expect(res.data).toBeNull();
    }
  });
});

describe('shop buy', () => {
  it('spends coins then points, takes stock, fills the backpack and records the purchase', async () => {
    const s = await pickStock();
    const p = await newPlayer({ coinsFen: 100, pointsFen: s.price * 2 });
    const stockBefore = await stockOf(s.id);

    const res = await buy(p, s.id);
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({ amount: s.price, balance: 0, integral: s.price * 2 - (s.price - 100) });
    expect(res.data.voucherIds).toHaveLength(1);
    expect(await wallet(p)).toEqual({ coins: 0, points: s.price + 100 });
    expect(await stockOf(s.id)).toBe(stockBefore - 1);

    const legs = await queryRows<{ kind: string; amount_fen: unknown }>(
      db(),
      sql`SELECT a.kind, t.amount_fen FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
          WHERE a.user_id = ${p.userId} AND t.code = 'shop_buy' ORDER BY a.kind`,
    );
    expect(legs.map((l) => [l.kind, toInt(l.amount_fen)])).toEqual([
      ['coin', 100],
      ['point', s.price - 100],
    ]);

    const bag = await backpack(p);
    expect(bag.totalRows).toBe(1);
    expect(bag.pageData[0]).toMatchObject({ id: res.data.voucherIds[0], giftId: s.giftId, sourceType: 'shop', state: 'in_backpack' });
    const records = await purchases(p);
    expect(records.totalRows).toBe(1);
    expect(records.pageData[0]).toMatchObject({ giftName: bag.pageData[0].giftName, quantity: 1, amount: s.price });
    await expectBooksBalanced(db());
  });

  it('buys several at once', async () => {
    const s = await pickStock(3);
    const p = await newPlayer({ coinsFen: s.price * 3 + 7 });
    const stockBefore = await stockOf(s.id);
    const res = await buy(p, s.id, 3);
    expect(res.data).toMatchObject({ amount: s.price * 3, balance: 7, integral: 0 });
    expect(res.data.voucherIds).toHaveLength(3);
    expect(await stockOf(s.id)).toBe(stockBefore - 3);
    expect((await backpack(p)).totalRows).toBe(3);
    expect((await purchases(p)).pageData).toEqual([expect.objectContaining({ quantity: 3, amount: s.price * 3 })]);
    await expectBooksBalanced(db());
  });

  it('refuses a player who cannot afford it and writes nothing', async () => {
    const s = await pickStock();
    const p = await newPlayer({ coinsFen: 50, pointsFen: s.price - 51 });
    const stockBefore = await stockOf(s.id);
    expect(await buy(p, s.id)).toEqual(refused('INSUFFICIENT_BALANCE'));
    expect(await wallet(p)).toEqual({ coins: 50, points: s.price - 51 });
    expect(await stockOf(s.id)).toBe(stockBefore);
    expect((await backpack(p)).totalRows).toBe(0);
    expect((await purchases(p)).totalRows).toBe(0);
    await expectBooksBalanced(db());
  });

  it('refuses more than the stock left and spends nothing', async () => {
    const s = await pickStock();
    const p = await newPlayer({ coinsFen: s.price * 10 });
    await setStock(s.id, 2);
    expect(await buy(p, s.id, 3)).toEqual(refused('OUT_OF_STOCK'));
    expect(await stockOf(s.id)).toBe(2);
    expect(await wallet(p)).toEqual({ coins: s.price * 10, points: 0 });
    expect((await backpack(p)).totalRows).toBe(0);
    expect((await purchases(p)).totalRows).toBe(0);

    expect((await buy(p, s.id, 2)).status).toBe(0);
    expect(await stockOf(s.id)).toBe(0);
    expect(await buy(p, s.id)).toEqual(refused('OUT_OF_STOCK'));
    expect(await wallet(p)).toEqual({ coins: s.price * 8, points: 0 });
    await expectBooksBalanced(db());
  });

  it('refuses an unknown or disabled stock id, a bad quantity, and a caller without a session', async () => {
    const s = await pickStock();
    const p = await newPlayer({ coinsFen: s.price * 20 });
    expect(await buy(p, 987_654_321)).toEqual(refused('NOT_FOUND'));
    await db().execute(sql`UPDATE shop_stock SET enabled = false WHERE id = ${s.id}`);
    expect(await buy(p, s.id)).toEqual(refused('NOT_FOUND'));
    expect((await rowsOf({ pageSize: 100, name: '' })).some((r) => r.id === s.id)).toBe(false);
    await db().execute(sql`UPDATE shop_stock SET enabled = true WHERE id = ${s.id}`);
    for (const quantity of [0, 11, -1, 'x']) {
      const res = await call(t.app, 'POST', '/api/shop/buy', { id: s.id, quantity }, p.token);
      expect(res.status).toBe(1001);
    }
    expect((await call(t.app, 'POST', '/api/shop/buy', { id: 'abc' }, p.token)).status).toBe(1001);
    expect(await call(t.app, 'POST', '/api/shop/buy', { id: s.id })).toEqual(refused('NOT_LOGGED_IN'));
    expect(await call(t.app, 'GET', '/api/personalCenter/getMyPurchasePage')).toEqual(refused('NOT_LOGGED_IN'));
    expect(await wallet(p)).toEqual({ coins: s.price * 20, points: 0 });
    expect((await purchases(p)).totalRows).toBe(0);
  });

  it('refuses a player whose real-name check showed a minor', async () => {
    const s = await pickStock();
    const p = await newPlayer({ coinsFen: s.price });
    await db().execute(sql`UPDATE users SET minor = true WHERE id = ${p.userId}`);
    const stockBefore = await stockOf(s.id);
    expect(await buy(p, s.id)).toEqual(refused('SPENDING_BLOCKED'));
    expect(await wallet(p)).toEqual({ coins: s.price, points: 0 });
    expect(await stockOf(s.id)).toBe(stockBefore);
  });

  it("never lists another player's purchases", async () => {
    const s = await pickStock();
    const a = await newPlayer({ coinsFen: s.price });
    const b = await newPlayer({ coinsFen: s.price });
    expect((await buy(a, s.id)).status).toBe(0);
    expect((await purchases(a)).totalRows).toBe(1);
    expect((await purchases(b)).totalRows).toBe(0);
    expect((await backpack(b)).totalRows).toBe(0);
  });
});

// PGlite has one connection and cannot race; this proves the conditional stock update on PostgreSQL.
describe.skipIf(!usingPostgres())('shop under concurrency (PostgreSQL)', () => {
  it('a stock of 3 bought by 10 players at once sells exactly 3', async () => {
    const s = await pickStock(1);
    await setStock(s.id, 3);
    const players = await Promise.all(Array.from({ length: 10 }, () => newPlayer({ coinsFen: s.price })));
    const results = await Promise.all(players.map((p) => buy(p, s.id)));
    expect(results.filter((r) => r.status === 0)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 0)).toEqual(Array.from({ length: 7 }, () => refused('OUT_OF_STOCK')));
    expect(await stockOf(s.id)).toBe(0);
    for (const [i, p] of players.entries()) {
      const won = results[i]!.status === 0;
      expect(await wallet(p)).toEqual({ coins: won ? 0 : s.price, points: 0 });
      expect((await backpack(p)).totalRows).toBe(won ? 1 : 0);
    }
    const [sold] = await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM purchases WHERE stock_id = ${s.id}`);
    expect(toInt(sold!.n)).toBe(3);
    await expectBooksBalanced(db());
  });
});
