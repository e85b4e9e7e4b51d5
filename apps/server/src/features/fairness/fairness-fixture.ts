import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { caseRoll, oddsHash, pickByRoll, publicHash } from '@skinfair/fairness';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

export let t: TestApp;
export let boxId: number;
export let boxPrice: number;
export let freeBoxId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const [box] = await queryRows<{ id: unknown; price_fen: unknown }>(
    db(),
    sql`SELECT id, price_fen FROM boxes WHERE box_type = 1 AND enabled ORDER BY price_fen, id LIMIT 1`,
  );
  boxId = toInt(box!.id);
  boxPrice = toInt(box!.price_fen);
  const [free] = await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM boxes WHERE box_type = 0 AND enabled ORDER BY id LIMIT 1`);
  freeBoxId = toInt(free!.id);
});
afterAll(async () => t?.close());

export const db = () => t.database.db;
export type Player = { userId: number; token: string };
export type Roll = {
  verifyId: number | null;
  shareId: string;
  game: string;
  publicHash: string;
  clientSeed: string;
  nonce: number;
  rollCode: number;
  rangeLow: number;
  rangeHigh: number;
  caseId: number;
  caseVersion: number;
  oddsHash: string;
  ranges: Array<{ itemId: number; low: number; high: number }>;
  itemId: number;
  serverSeed: string | null;
  secretSalt: string | null;
};

export const HEX64 = /[0-9a-f]{64}/g;

export async function newPlayer(coinsFen = 5_000_000): Promise<Player> {
  const user = await givenUser(db(), { coinsFen });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}

export const currentKey = (p: Player) => call(t.app, 'GET', '/api/key/currentKey', {}, p.token);
export const reset = (p: Player, params: Record<string, unknown> = {}) => call(t.app, 'POST', '/api/key/reset', params, p.token);
export const keyHistory = async (p: Player) => (await call(t.app, 'GET', '/api/key/keyHistory', {}, p.token)).data;
export const seedHistory = async (p: Player) => (await call(t.app, 'GET', '/api/key/clientSeedHistory', {}, p.token)).data;
/** The owner looks a roll up by its sequential id (nobody else may). */
export const verify = async (p: Player, verifyId: number) =>
  (await call(t.app, 'GET', '/api/key/verifyById', { verifyId }, p.token)).data as Roll;
export const byShare = (shareId: string, token?: string) => call(t.app, 'GET', '/api/key/verifyByShareId', { shareId }, token);
export const gameRecords = async (p: Player, params: Record<string, unknown> = {}) =>
  (await call(t.app, 'GET', '/api/key/gameRecords', params, p.token)).data;
export const coins = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data.balance as number;
export const freeBoxes = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/getMyFreeBoxPage', {}, p.token)).data;
export const openFree = (p: Player, id: number) => call(t.app, 'POST', '/api/personalCenter/openFreeBox', { id }, p.token);

export async function open(p: Player, number: number) {
  const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number }, p.token);
  expect(res.status).toBe(0);
  return res.data.results as Array<{ verifyId: number; round: number; rollCode: number; giftId: number; publicHash: string }>;
}

export async function serverSeeds(userId: number): Promise<Record<string, string>> {
  const rows = await queryRows<{ state: string; server_seed: string }>(
    db(),
    sql`SELECT state, server_seed FROM seed_pairs WHERE user_id = ${userId}`,
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.server_seed]));
}

/** Recomputes one revealed roll the way a browser verifier does (PF v1 §10). */
export function expectVerifiable(roll: Roll) {
  expect(roll.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  expect(publicHash(roll.serverSeed!, roll.secretSalt!)).toBe(roll.publicHash);
  const { rollCode } = caseRoll(roll.serverSeed!, roll.clientSeed, roll.nonce);
  expect(rollCode).toBe(roll.rollCode);
  const hit = pickByRoll(roll.ranges, rollCode);
  expect(hit).toEqual({ itemId: roll.itemId, low: roll.rangeLow, high: roll.rangeHigh });
  expect(oddsHash(roll.caseId, roll.caseVersion, roll.ranges)).toBe(roll.oddsHash);
}
