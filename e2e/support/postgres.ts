import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * When CI has PostgreSQL (.ci/run exports TEST_DATABASE_URL), each end-to-end server runs on a database of
 * its own, copied from one the run migrated and seeded once: every request of every file otherwise went
 * through PGlite's single-threaded WASM engine, the largest share of the stage's CPU. The boot on PGlite,
 * what `npm start` does on a fresh machine, is checked by the server suite (compiled-server.test.ts,
 * first-admin.test.ts) and by this stage wherever PostgreSQL is not there.
 */
export function e2ePostgresAdminUrl(): string | null {
  return process.env.TEST_DATABASE_URL || null;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export const newDatabaseName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database, empty or copied from `template`. Commits skip the WAL flush, as the server suite's
 * databases do (apps/server/src/testing/test-db.ts): only a crash of PostgreSQL itself could lose one.
 */
export function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  return asAdmin(adminUrl, async (client) => {
    // Two files copying at the same instant can find the template "in use"; a short retry settles it.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        break;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
}

export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return asAdmin(adminUrl, async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
}
