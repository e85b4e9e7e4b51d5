import type { AddressInfo } from 'node:net';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createLiveHub } from '../platform/live/index.js';
import { createTestDatabase } from './test-db.js';
import type { TestApp } from './test-app.js';

/**
 * A production start (issue 17 "Done when"): NODE_ENV=production and the production guard as it is, real
 * provider settings pointing at local stubs. Each provider's helper adds its own variables through `env`.
 * The database is the test one (the guard only needs DATABASE_URL to be set).
 */
export const productionBaseEnv: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://skinfair@127.0.0.1:5432/skinfair',
  BEACON_SOURCE: 'drand',
  APP_SECRET: 'q7Vb2xK9mZ4pR8tW1yN6cF3hJ5sL0dGaE-uXo_iB',
  PUBLIC_URL: 'https://skinfair.example',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/skinfair-test-data',
  WEB_DIST: '/nonexistent-web-dist',
};

/** The app built from a production configuration, listening on a random loopback port (`origin`). */
export async function startProductionApp(env: Record<string, string>): Promise<TestApp & { origin: string }> {
  const config = loadConfig({ ...productionBaseEnv, ...env });
  const database = await createTestDatabase();
  const live = createLiveHub({ logger: { info() {}, warn() {}, error() {}, debug() {} } });
  const app = await buildApp({ config, database, live });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    database,
    live,
    config,
    published: [],
    origin,
    async close() {
      await app.close();
      await live.close();
      await database.close();
    },
  };
}
