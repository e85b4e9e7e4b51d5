import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus, shopPriceOf } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../testing/operators.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/**
 * Issue 30 §2 (decision 0051): a player can never sell an item back for more than the shop charges for it
 * at that moment. The loop: an operator raised an item's price, the shop kept its old price, a copy
 * bought there was valued at the new price and sold back for it.
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
const get = (url: string, params: Record<string, unknown>) => adminCall(t.app, 'GET', url, params, { adminToken: ops.token });
async function newPlayer(coinsFen = 10_000_000): Promise<Player> {
  const user = await givenUser(db(), { coinsFen });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}
const coins = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data.balance as number;
const buy = (p: Player, stockId: number) => call(t.app, 'POST', '/api/shop/buy', { id: stockId }, p.token);
const sell = (p: Player, ids: number[]) => call(t.app, 'POST', '/api/personalCenter/exchangeQuantity', { ids: ids.join(',') }, p.token);
const backpackValue = async (p: Player, id: number) => {
  const page = (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', { pageSize: 100 }, p.token)).data;
  return (page.pageData as Array<{ id: number; recoveryPrice: number }>).find((o) => o.id === id)!.recoveryPrice;
};
/** What the shop's own page charges for the line now. */
async function shopCharges(stockId: number, name: string): Promise<number> {
  const page = (await call(t.app, 'GET', '/api/shop/page', { name, pageSize: 100 })).data;
  return (page.pageData as Array<{ id: number; price: number }>).find((s) => s.id === stockId)!.price;
}
const prices = async (itemId: number) => {
  const [row] = await queryRows<{ ref: unknown; rec: unknown; shop: unknown }>(
    db(),
    sql`SELECT i.reference_price_fen AS ref, i.recovery_price_fen AS rec, s.price_fen AS shop FROM items i JOIN shop_stock s ON s.item_id = i.id WHERE i.id = ${itemId}`,
  );
  return { ref: toInt(row!.ref), rec: toInt(row!.rec), shop: toInt(row!.shop) };
};

/** A shop line held by an enabled box, priced ¥2–¥500, not used by another test of this file, well stocked. */
const used = new Set<number>();
async function shopLine() {
  const rows = await queryRows<{ id: unknown; item_id: unknown; name: string; price_fen: unknown }>(
    db(),
    sql`SELECT s.id, s.item_id, i.name, s.price_fen FROM shop_stock s JOIN items i ON i.id = s.item_id
        WHERE s.enabled AND s.price_fen BETWEEN 200 AND 50000 AND i.recovery_price_fen < s.price_fen
          AND EXISTS (SELECT 1 FROM box_drops d JOIN boxes b ON b.id = d.box_id AND b.current_version = d.version AND b.enabled WHERE d.item_id = i.id)
        ORDER BY s.id`,
  );
  const row = rows.find((r) => !used.has(toInt(r.id)))!;
  used.add(toInt(row.id));
  await db().execute(sql`UPDATE shop_stock SET stock = 1000 WHERE id = ${toInt(row.id)}`);
  return { stockId: toInt(row.id), itemId: toInt(row.item_id), name: row.name, priceFen: toInt(row.price_fen) };
}
/** A copy an earlier event put in the backpack at `valueFen` (a box won before a price cut). */
async function heldCopy(p: Player, itemId: number, valueFen: number): Promise<number> {
  const [row] = await queryRows<{ id: unknown }>(
    db(),
    sql`INSERT INTO inventory_items (user_id, item_id, source_type, recovery_price_fen) VALUES (${p.userId}, ${itemId}, 'case', ${valueFen}) RETURNING id`,
  );
  return toInt(row!.id);
}
async function exchangeCredit(inventoryId: number): Promise<number> {
  const [row] = await queryRows<{ amount_fen: unknown }>(
    db(),
    sql`SELECT amount_fen FROM ledger_transfers WHERE code = 'item_exchange' AND ref_type = 'inventory' AND ref_id = ${String(inventoryId)}`,
  );
  return toInt(row!.amount_fen);
}

describe('the issue: raise an item through the console, buy it in the shop, sell it back', () => {
  it('refuses a raise that would leave the shop cheaper than the sell-back, writing nothing; with the shop re-priced in the same change the loop is closed', async () => {
    const line = await shopLine();
    const before = await prices(line.itemId);
    const raised = 2 * line.priceFen;
    const refusedRaise = await post('/api/admin/items/price', { id: line.itemId, priceFen: raised, reason: '市场价上涨' });
    expect(refusedRaise.status).toBe(errorStatus('PRICE_RECOVERY_ABOVE_SHOP'));
    // The message names the numbers: the new recovery price, the shop's price and the suggested one.
    expect(refusedRaise.msg).toContain(`¥${(raised / 100).toFixed(2)}`);
    expect(refusedRaise.msg).toContain(`¥${(line.priceFen / 100).toFixed(2)}`);
    expect(await prices(line.itemId)).toEqual(before);

    const p = await newPlayer();
    const start = await coins(p);
    const bought = await buy(p, line.stockId);
    expect(bought.status, bought.msg).toBe(0);
    const copy = bought.data.voucherIds[0] as number;
    const sold = await sell(p, [copy]);
    expect(sold.status, sold.msg).toBe(0);
    expect(sold.data.amount).toBeLessThanOrEqual(await shopCharges(line.stockId, line.name));
    expect(await coins(p)).toBeLessThan(start);

    // The same raise with the shop line re-priced in the change: both move together, audited together.
    const shopPriceFen = shopPriceOf(raised);
    const done = await post('/api/admin/items/price', { id: line.itemId, priceFen: raised, shopPriceFen, reason: '市场价上涨' });
    expect(done.status, done.msg).toBe(0);
    expect(await prices(line.itemId)).toEqual({ ref: raised, rec: raised, shop: shopPriceFen });
    const [audit] = await queryRows<{ after: Record<string, unknown> }>(
      db(),
      sql`SELECT after FROM audit_log WHERE action = 'item.price' AND target_id = ${String(line.itemId)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.after).toMatchObject({ referencePriceFen: raised, shopPriceFen });
    const again = await buy(p, line.stockId);
    expect(again.status, again.msg).toBe(0);
    const resold = await sell(p, again.data.voucherIds as number[]);
    expect(resold.data.amount).toBe(raised);
    expect(resold.data.amount).toBeLessThanOrEqual(await shopCharges(line.stockId, line.name));
    await expectBooksBalanced(db());
  });

  it('a copy valued above the shop (a price set before this rule, a box won before a cut) sells back at what the shop charges now, as the backpack shows', async () => {
    const line = await shopLine();
    // The state, as an operator left it before this rule: recovery ¥x above the shop's price.
    const high = 2 * line.priceFen;
    await db().execute(sql`UPDATE items SET reference_price_fen = ${high}, recovery_price_fen = ${high} WHERE id = ${line.itemId}`);
    const p = await newPlayer();
    const start = await coins(p);
    const bought = await buy(p, line.stockId);
    expect(bought.status, bought.msg).toBe(0);
    const copy = bought.data.voucherIds[0] as number;
    expect(await backpackValue(p, copy)).toBe(line.priceFen);
    const sold = await sell(p, [copy]);
    expect(sold.status, sold.msg).toBe(0);
    expect(sold.data.amount).toBe(line.priceFen);
    expect(await exchangeCredit(copy)).toBe(line.priceFen);
    expect(await coins(p)).toBe(start);

    // A copy won earlier at the high price: worth what the shop charges while that is less…
    const won = await heldCopy(p, line.itemId, high);
    const wonToo = await heldCopy(p, line.itemId, high);
    expect(await backpackValue(p, won)).toBe(line.priceFen);
    expect((await sell(p, [won])).data.amount).toBe(line.priceFen);
    expect(await exchangeCredit(won)).toBe(line.priceFen);
    // …and its own value again once the shop charges more (here the operator raises the shop's price).
    const raisedShop = await post('/api/admin/items/shop/update', { id: line.stockId, priceFen: shopPriceOf(high) });
    expect(raisedShop.status, raisedShop.msg).toBe(0);
    expect(await backpackValue(p, wonToo)).toBe(high);
    expect((await sell(p, [wonToo])).data.amount).toBe(high);
    await expectBooksBalanced(db());
  });

  it('an item the shop does not sell keeps its own value: what it was worth when it entered the backpack', async () => {
    const [row] = await queryRows<{ id: unknown; rec: unknown }>(
      db(),
      sql`SELECT i.id, i.recovery_price_fen AS rec FROM items i WHERE NOT EXISTS (SELECT 1 FROM shop_stock s WHERE s.item_id = i.id) AND i.recovery_price_fen > 100 ORDER BY i.id LIMIT 1`,
    );
    const p = await newPlayer();
    const copy = await heldCopy(p, toInt(row!.id), toInt(row!.rec) + 500);
    expect(await backpackValue(p, copy)).toBe(toInt(row!.rec) + 500);
    expect((await sell(p, [copy])).data.amount).toBe(toInt(row!.rec) + 500);
    await expectBooksBalanced(db());
  });
});

describe('the console keeps the shop at or above the sell-back', () => {
  it('refuses a shop price below the recovery price, on an edit and on a new line, writing nothing', async () => {
    const line = await shopLine();
    const { rec } = await prices(line.itemId);
    const audits = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM audit_log`))[0]!.n);
    const before = await audits();
    const cut = await post('/api/admin/items/shop/update', { id: line.stockId, priceFen: rec - 1 });
    expect(cut.status).toBe(errorStatus('SHOP_PRICE_BELOW_RECOVERY'));
    expect(cut.msg).toContain(`¥${(rec / 100).toFixed(2)}`);
    expect((await prices(line.itemId)).shop).toBe(line.priceFen);
    expect((await post('/api/admin/items/shop/update', { id: line.stockId, priceFen: rec })).status).toBe(0);
    expect((await prices(line.itemId)).shop).toBe(rec);

    const [unlisted] = await queryRows<{ id: unknown; rec: unknown }>(
      db(),
      sql`SELECT i.id, i.recovery_price_fen AS rec FROM items i WHERE NOT EXISTS (SELECT 1 FROM shop_stock s WHERE s.item_id = i.id) AND i.recovery_price_fen > 100 ORDER BY i.id DESC LIMIT 1`,
    );
    const add = await post('/api/admin/items/shop/add', { itemId: toInt(unlisted!.id), stock: 5, priceFen: toInt(unlisted!.rec) - 1 });
    expect(add.status).toBe(errorStatus('SHOP_PRICE_BELOW_RECOVERY'));
    expect(await audits()).toBe(before + 1);
  });

  it('shows the effect of a price edit before it is made: shop price, sell-back, and the boxes whose return moves', async () => {
    const line = await shopLine();
    const { ref, rec } = await prices(line.itemId);
    const raised = 2 * line.priceFen;
    const effect = await get('/api/admin/items/priceEffect', { id: line.itemId, priceFen: raised });
    expect(effect.status, effect.msg).toBe(0);
    expect(effect.data).toMatchObject({
      itemId: line.itemId,
      oldReferenceFen: ref,
      newReferenceFen: raised,
      oldRecoveryFen: rec,
      newRecoveryFen: raised,
      shop: { stockId: line.stockId, oldPriceFen: line.priceFen, newPriceFen: line.priceFen, suggestedPriceFen: shopPriceOf(raised) },
      sellBack: { oldFen: rec, newFen: line.priceFen },
      breaksInvariant: true,
    });
    expect(effect.data.boxes.length).toBeGreaterThan(0);
    for (const box of effect.data.boxes) {
      // The live return moves by the item's weight × the recovery change ÷ the box price.
      expect(box.liveAfterBp).toBeGreaterThan(box.liveBeforeBp);
      expect(box.ceilingBp).toBe(9_800);
      expect(typeof box.declaredBp).toBe('number');
    }
    const fixed = await get('/api/admin/items/priceEffect', { id: line.itemId, priceFen: raised, shopPriceFen: shopPriceOf(raised) });
    expect(fixed.data).toMatchObject({ breaksInvariant: false, sellBack: { newFen: raised }, shop: { newPriceFen: shopPriceOf(raised) } });
    const lowered = await get('/api/admin/items/priceEffect', { id: line.itemId, priceFen: Math.max(1, ref - 50) });
    expect(lowered.data.breaksInvariant).toBe(false);
    for (const box of lowered.data.boxes) expect(box.liveAfterBp).toBeLessThanOrEqual(box.liveBeforeBp);
  });

  it('a price-list import re-prices the shop line of an item it raises above the shop, in the same apply', async () => {
    const line = await shopLine();
    // Just above the shop's price: a bigger raise could put a box holding the item above the return ceiling.
    const raised = line.priceFen + 1;
    const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
    const preview = await post('/api/admin/items/importPreview', { format: 'csv', content: `id,price\n${line.itemId},${yuan(raised)}` });
    expect(preview.status, preview.msg).toBe(0);
    expect(preview.data.changes[0]).toMatchObject({
      itemId: line.itemId,
      newRecoveryFen: raised,
      oldShopPriceFen: line.priceFen,
      newShopPriceFen: shopPriceOf(raised),
    });
    expect((await prices(line.itemId)).shop).toBe(line.priceFen);
    const applied = await post('/api/admin/items/importApply', { previewId: preview.data.previewId });
    expect(applied.status, applied.msg).toBe(0);
    expect(await prices(line.itemId)).toEqual({ ref: raised, rec: raised, shop: shopPriceOf(raised) });
  });
});

describe('staking a copy in a dream is selling it back too', () => {
  it('stakes a copy in a dream at no more than the shop charges', async () => {
    const line = await shopLine();
    const high = 2 * line.priceFen;
    const p = await newPlayer();
    const copy = await heldCopy(p, line.itemId, high);
    // A target dear enough that the copy's value stays under the fee.
    const [target] = await queryRows<{ id: unknown }>(
      db(),
      sql`SELECT id FROM items WHERE recovery_price_fen BETWEEN ${20 * high} AND ${40 * high} + 100000 ORDER BY id LIMIT 1`,
    );
    const res = await call(
      t.app,
      'POST',
      '/api/upgrade/startUpgrade',
      { upgradeGiftId: toInt(target!.id), probability: 50_000, vouchers: String(copy), quantity: 100_000_000 },
      p.token,
    );
    expect(res.status, res.msg).toBe(0);
    expect(res.data.itemsValue).toBe(line.priceFen);
    await expectBooksBalanced(db());
  });
});
