import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { givenUser } from '../../testing/factories.js';
import { startServerProcess, type ServerProcess } from '../../testing/server-process.js';
import { startSteamTradeStub } from '../../testing/stubs/steam-trade-stub.js';
import { createPostgresTestDatabase } from '../../testing/test-db.js';
import { grantItems } from './index.js';
import { insertRetrievals } from './repo.js';
import { RETRIEVAL_JOB } from './service.js';

// Issue 26 §8: jobs may run on dedicated nodes; a node started with JOBS_ENABLED=false runs none of them
// and never logs the Steam trade bot in, even with a bot withdrawal's step due. A node with jobs then
// takes the same step and reaches Steam at once, which shows the setting (not the set-up) kept the first
// one away. PostgreSQL only: PGlite admits one process, so dedicated job nodes need PostgreSQL.

const adminUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const BOT_STEAM_ID = '76561198000000002';
const API_KEY = randomBytes(16).toString('hex').toUpperCase();
const ACCESS_TOKEN = 'eyJhbGciOiJFZERTQSJ9.stub.token';
const SESSION_ID = randomBytes(12).toString('hex');

describe('a node with JOBS_ENABLED=false', () => {
  it.runIf(adminUrl)(
    'runs no job and never reaches Steam while a bot withdrawal step is due; a job node takes it',
    async () => {
      const stub = await startSteamTradeStub({
        botSteamId: BOT_STEAM_ID,
        apiKey: API_KEY,
        accessToken: ACCESS_TOKEN,
        sessionId: SESSION_ID,
        identitySecret: randomBytes(20).toString('base64'),
        inventory: {},
      });
      cleanups.push(() => stub.close());
      const { database, url } = await createPostgresTestDatabase(adminUrl!);
      cleanups.push(() => database.close());
      const db = database.db;

      // A bot withdrawal whose first step is due now.
      const user = await givenUser(db);
      const [item] = await queryRows<{ id: unknown }>(db, sql`SELECT id FROM items ORDER BY id LIMIT 1`);
      const retrievalId = await runInTransaction(db, async ({ tx }) => {
        const [inv] = await grantItems(tx, user.id, [{ itemId: toInt(item!.id), recoveryPriceFen: 2_000 }], {
          sourceType: 'case',
          sourceId: null,
        });
        const [r] = await insertRetrievals(tx, [
          {
            userId: user.id,
            inventoryItemId: inv!.id,
            tradeUrl: 'https://steamcommunity.com/tradeoffer/new/?partner=41001&token=Tok41001x',
            state: 0,
          },
        ]);
        await enqueueJob(tx, { kind: RETRIEVAL_JOB, payload: { retrievalId: r!.id }, dedupeKey: `retrieval:${r!.id}:0` });
        return r!.id;
      });
      const jobsOf = () =>
        queryRows<{ state: string; attempts: unknown; locked_by: string | null }>(
          db,
          sql`SELECT state, attempts, locked_by FROM jobs WHERE payload->>'retrievalId' = ${String(retrievalId)} ORDER BY id`,
        );

      const env = {
        DATABASE_URL: url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        JOBS_POLL_MS: '50',
        WITHDRAWAL_MODE: 'steam-bot',
        STEAM_BOT_API_KEY: API_KEY,
        STEAM_BOT_IDENTITY_SECRET: randomBytes(20).toString('base64'),
        STEAM_BOT_POLL_MS: '60000',
        STEAM_BOT_WEB_API_URL: stub.url,
        STEAM_BOT_COMMUNITY_URL: stub.url,
        STEAM_BOT_WEB_COOKIES: `steamLoginSecure=${BOT_STEAM_ID}%7C%7C${ACCESS_TOKEN}; sessionid=${SESSION_ID}`,
      };
      const web: ServerProcess = await startServerProcess({ ...env, JOBS_ENABLED: 'false' });
      cleanups.push(() => web.stop(5_000));
      await web.ready();
      // Forty of its would-be polls (and the NOTIFY of the enqueue) pass while it serves requests.
      for (let i = 0; i < 20; i++) {
        expect((await fetch(`${web.url}/health/ready`)).status).toBe(200);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await jobsOf()).toEqual([{ state: 'pending', attempts: 0, locked_by: null }]);
      expect(stub.requests).toEqual([]);

      const worker: ServerProcess = await startServerProcess({ ...env, JOBS_ENABLED: 'true' });
      cleanups.push(() => worker.stop(5_000));
      await worker.ready();
      await expect.poll(() => stub.requests.length, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
      await expect.poll(async () => (await jobsOf())[0]!.state, { timeout: 30_000, interval: 100 }).toBe('done');
      expect(web.output()).not.toMatch(/steam bot/i);
    },
    120_000,
  );
});
