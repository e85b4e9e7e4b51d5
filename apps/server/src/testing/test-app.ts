import type { FastifyInstance } from 'fastify';
import type { LiveMessage } from '@skinfair/contract';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../platform/db/client.js';
import { createLiveHub, type LiveHub } from '../platform/live/index.js';
import { createTestDatabase } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  live: LiveHub;
  config: Config;
  /** Every live message published since the app was built, in order. */
  published: LiveMessage[];
  close(): Promise<void>;
}

const silentLogger = { info() {}, warn() {}, error() {}, debug() {} };

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/skinfair-test-data`,
    WEB_DIST: '/nonexistent-web-dist',
    RATE_LIMIT_PER_MINUTE: '100000',
    SMS_MAX_PER_IP_HOUR: '100000',
    RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000',
    // Race tests fire hundreds of money calls from one player; the per-player limits have their own tests.
    MONEY_CALLS_PER_USER_PER_SECOND: '100000',
    MONEY_CALLS_IN_FLIGHT_PER_USER: '100000',
    TOKEN_CALLS_PER_SECOND: '100000',
    LIMIT_REFUSAL_DELAY_MS: '0',
    // A loaded test machine lags; shedding on lag has its own test.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    APP_SECRET: 'test-secret-0123456789abcdef0123456789abcdef',
    ...overrides,
  });
}

/** The real app on a fresh database, built per test file (conventions: "build/close the app per test"). */
export async function buildTestApp(options: { env?: Record<string, string>; database?: Database } = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const live = createLiveHub({ logger: silentLogger });
  const published: LiveMessage[] = [];
  live.subscribe((msg) => published.push(msg));
  const app = await buildApp({ config, database, live });
  await app.ready();
  return {
    app,
    database,
    live,
    config,
    published,
    async close() {
      await app.close();
      await live.close();
      if (!options.database) await database.close();
    },
  };
}
