import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { dreamRoll } from '@skinfair/fairness';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { grantItems } from '../backpack/index.js';

export let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

export const db = () => t.database.db;
export const U = '/api/upgrade';
export const RTP = 9_500;
export type Player = { userId: number; token: string };

// PF v1 test vectors TV1 (the active pair) and TV5 (dream chasing).
export const TV_SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
export const TV_SALT = 'bb71d866166bd48b341e35d29e76afaa';
export const TV_HASH = 'ab677ac69faa43d40a8a01de992df6c56946a2d97b8fd7e3df8eb949d7b13e24';
export const TV_CLIENT = 'lucky-Panda_2025';

export async function player(coinsFen: number, pointsFen = 0): Promise<Player> {
  const user = await givenUser(db(), { coinsFen, pointsFen });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}

/** A catalogue item at exactly this price (each test file has its own database). */
/** An item the shop does not list (its copies would sell back at no more than the shop's price: decision 0051), at this price. */
export async function targetAt(priceFen: number): Promise<number> {
  const [row] = await queryRows<{ id: unknown }>(
    db(),
    sql`UPDATE items SET recovery_price_fen = ${priceFen}
        WHERE id = (SELECT id FROM items i WHERE NOT EXISTS (SELECT 1 FROM shop_stock s WHERE s.item_id = i.id) ORDER BY id DESC LIMIT 1 OFFSET ${++targets})
        RETURNING id`,
  );
  return toInt(row!.id);
}
let targets = 0;

/** Backpack items worth these prices, granted as a win would grant them. */
export async function itemsWorth(p: Player, pricesFen: number[]): Promise<number[]> {
  const rows = await runInTransaction(db(), ({ tx }) =>
    grantItems(
      tx,
      p.userId,
      pricesFen.map((recoveryPriceFen) => ({ itemId: 1, recoveryPriceFen })),
      { sourceType: 'shop', sourceId: null },
    ),
  );
  return rows.map((r) => r.id);
}

export const start = (p: Player, params: { target: number; probability: number; vouchers?: number[]; quantity: number }) =>
  call(
    t.app,
    'POST',
    `${U}/startUpgrade`,
    {
      upgradeGiftId: params.target,
      probability: params.probability,
      vouchers: (params.vouchers ?? []).join(','),
      quantity: params.quantity,
    },
    p.token,
  );

export const balances = async (p: Player) => {
  const info = (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data;
  return { coin: info.balance as number, point: info.integral as number };
};

export async function activePair(userId: number) {
  const [row] = await queryRows<{ id: unknown; server_seed: string; client_seed: string; nonce: unknown }>(
    db(),
    sql`SELECT id, server_seed, client_seed, nonce FROM seed_pairs WHERE user_id = ${userId} AND state = 'active'`,
  );
  return { id: toInt(row!.id), serverSeed: row!.server_seed, clientSeed: row!.client_seed, nonce: toInt(row!.nonce) };
}

/** The roll the player's next dream will get: seeds are the player's own, the nonce the pair's next. */
export async function nextRoll(p: Player): Promise<number> {
  await call(t.app, 'GET', '/api/key/currentKey', {}, p.token);
  const pair = await activePair(p.userId);
  return dreamRoll(pair.serverSeed, pair.clientSeed, pair.nonce).rollCode;
}

/** Rotates the player's seeds until the next roll satisfies `ok` (no money moves). */
export async function rollUntil(p: Player, ok: (rollCode: number) => boolean): Promise<number> {
  for (;;) {
    const code = await nextRoll(p);
    if (ok(code)) return code;
    expect((await call(t.app, 'POST', '/api/key/reset', {}, p.token)).status).toBe(0);
  }
}

/** Sets the player's active pair to TV1's seeds at a nonce (to replay TV5 end to end). */
export async function useVectorSeeds(p: Player, nonce: number) {
  await call(t.app, 'GET', '/api/key/currentKey', {}, p.token);
  await queryRows(
    db(),
    sql`UPDATE seed_pairs SET server_seed = ${TV_SEED}, secret_salt = ${TV_SALT}, public_hash = ${TV_HASH}, client_seed = ${TV_CLIENT}, nonce = ${nonce}
        WHERE user_id = ${p.userId} AND state = 'active' RETURNING id`,
  );
}

/** Everything a refused dream could have written, to compare before and after. */
export async function footprint(p: Player) {
  const [row] = await queryRows<Record<string, unknown>>(
    db(),
    sql`SELECT (SELECT count(*) FROM dreams WHERE user_id = ${p.userId}) AS dreams,
          (SELECT count(*) FROM rolls WHERE user_id = ${p.userId}) AS rolls,
          (SELECT nonce FROM seed_pairs WHERE user_id = ${p.userId} AND state = 'active') AS nonce,
          (SELECT string_agg(id || ':' || state, ',' ORDER BY id) FROM inventory_items WHERE user_id = ${p.userId}) AS items,
          (SELECT count(*) FROM ledger_transfers WHERE code = 'dream_fee') AS transfers`,
  );
  return { ...row, ...(await balances(p)) };
}
