import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localBeaconRandomness } from '@skinfair/fairness';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { drawGiveaway, ensureDemoGiveaway } from './draw.js';

/** Decision 0017: a seeded demo room and a sandbox-tool room say so wherever a room is shown. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_TOOLS: 'true' } });
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const beacon: BeaconProvider = {
  source: 'local',
  fetchRound: async (round) => ({ round, randomness: localBeaconRandomness(round), signature: null, source: 'local' }),
};
const detail = async (giveawayId: number) => (await call(t.app, 'GET', '/api/giveaway/detail', { giveawayId })).data;
const listed = async (giveawayId: number) =>
  ((await call(t.app, 'GET', '/api/giveaway/page', { page: 1, pageSize: 50 })).data.pageData as Array<{ id: number; demo: boolean }>).find(
    (r) => r.id === giveawayId,
  );
const runningDemoRooms = async () =>
  toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM giveaways WHERE demo AND state = 'running'`))[0]?.n);

describe('demo and sandbox giveaway rooms', () => {
  it('a sandbox-tool room is labelled demo; its close does not start the seeded demo chain', async () => {
    const made = await call(t.app, 'POST', '/api/sandbox/officialGiveaway', { seconds: 15, prizes: 1 });
    expect(made).toMatchObject({ status: 0, data: { roomType: 1, demo: true } });
    expect(await listed(made.data.id)).toMatchObject({ demo: true });
    const at = Date.parse(made.data.openTime) + 10_000;
    expect(await runInTransaction(db(), (scope) => drawGiveaway({ db: db(), live: t.live, beacon }, scope, made.data.id, at))).toBe(
      'closed',
    );
    expect(await runningDemoRooms()).toBe(0);
    expect(await detail(made.data.id)).toMatchObject({ demo: true, state: 2 });
  });

  it('the seeded demo room is labelled demo in the list and the detail; its close opens the next', async () => {
    // A sandbox room running beside it neither stops the seed nor takes the chain's place.
    const sandbox = await call(t.app, 'POST', '/api/sandbox/officialGiveaway', { seconds: 600, prizes: 1 });
    expect(sandbox.data.demo).toBe(true);
    const id = (await ensureDemoGiveaway(db()))!;
    expect(id).not.toBeNull();
    expect(await detail(id)).toMatchObject({ demo: true });
    expect(await listed(id)).toMatchObject({ demo: true });
    const at = Date.parse((await detail(id)).openTime) + 10_000;
    expect(await runInTransaction(db(), (scope) => drawGiveaway({ db: db(), live: t.live, beacon }, scope, id, at))).toBe('closed');
    expect(await runningDemoRooms()).toBe(2);
    expect(await ensureDemoGiveaway(db())).toBeNull();
  });
});
