import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The server's tests. They run on the database TEST_DATABASE_URL names (each file its own PostgreSQL
 * database, copied from a migrated template) or, without it, on an in-memory PGlite per file.
 */
export const serverTestOptions = {
  include: ['src/**/*.test.ts'],
  globalSetup: ['src/testing/global-setup.ts'],
  setupFiles: ['src/testing/fast-hashing.ts'],
  // PGlite runs on the main thread; a file per fork keeps each database's CPU to itself.
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * When the suite runs on PostgreSQL, these files run a second time on PGlite (vitest.pglite.config.ts):
 * the code that differs by engine is the raw-statement runner (PGlite runs a transaction through its WASM
 * boundary, `platform/db/raw.ts`), LISTEN/NOTIFY (`notifications.ts`), int8 read as numbers rather than
 * strings (`rows.ts`), the error mapping and the money CHECKs. The boot on PGlite (`npm start` with only
 * DATA_DIR) runs in either run: `compiled-server.test.ts` and `first-admin.test.ts` start their server
 * processes on PGlite whatever the test database is, and so does every end-to-end file.
 */
export const pgliteSpecific = [
  'src/platform/db/**/*.test.ts',
  'src/platform/ledger/ledger.test.ts',
  'src/platform/auth/session-cache.test.ts',
  'src/platform/jobs/jobs.test.ts',
  'src/features/cases/cases.test.ts',
];

/**
 * On PostgreSQL (CI) most server files share their worker's modules instead of importing the whole app again
 * per file (Vitest `isolate: false`): importing was about 370 of the stage's 910 test-seconds. A file that
 * uses a `*-fixture.ts` keeps modules of its own (vitest.isolated.config.ts): a fixture opens its app in
 * `beforeAll` hooks registered when the module is first evaluated, so a second file in the same worker would
 * get the first one's closed app. On PGlite, what a fresh machine runs, every file stays isolated.
 */
export const needIsolation = fs
  .readdirSync(path.join(import.meta.dirname, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => /-fixture\.js'/.test(fs.readFileSync(path.join(import.meta.dirname, 'src', file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);
const postgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: { name: 'server', ...serverTestOptions, ...(postgres ? { isolate: false, exclude: needIsolation } : {}) },
});
