import { afterAll, beforeAll } from 'vitest';
import { localBeaconRandomness } from '@skinfair/fairness';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { getBalances } from '../../platform/ledger/index.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { drawBattle } from './draw.js';

export let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

export const db = () => t.database.db;
export const BOX = 1;
export const OTHER_BOX = 2;
export const priceOf = async (boxId: number) =>
  (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: boxId })).data.openPrice as number;

export async function player(coinsFen: number, pointsFen = 0) {
  const user = await givenUser(db(), { coinsFen, pointsFen });
  return { id: user.id, token: await givenSession(db(), user.id) };
}
export type Player = Awaited<ReturnType<typeof player>>;
export const wallet = async (p: Player) => {
  const b = await getBalances(db(), p.id);
  return { coins: b.coinFen, points: b.pointFen };
};
export const create = (p: Player, params: Record<string, unknown>) => call(t.app, 'POST', '/api/battle/create', params, p.token);
export const join = (p: Player, battleCode: string, extra: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/battle/joinBattle', { battleCode, ...extra }, p.token);
export const detail = async (battleCode: string) => (await call(t.app, 'GET', '/api/battle/getBattleDetail', { battleCode })).data;
export const backpackSize = async (p: Player) =>
  (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', {}, p.token)).data.totalRows as number;

/** The local beacon's rounds, available at once (the wait for time(R) is the provider's own concern). */
export const readyBeacon: BeaconProvider = {
  source: 'local',
  fetchRound: async (round) => ({
    round,
    randomness: localBeaconRandomness(round),
    signature: null,
    source: 'local',
  }),
};
export const silentBeacon: BeaconProvider = { source: 'local', fetchRound: async () => null };
/** Settled ten minutes ago by default, so every round is revealed; the pace has its own test. */
export const draw = (battleId: number, beacon: BeaconProvider = readyBeacon, nowMs = Date.now() - 600_000) =>
  runInTransaction(db(), (scope) => drawBattle({ db: db(), live: t.live, beacon }, scope, battleId, nowMs));
