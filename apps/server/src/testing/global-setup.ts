import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db/client.js';
import { ensureBaseRows } from '../seed/base.js';
import { ensureServerBuild } from '../../build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    pgTemplateDatabase: string;
    testRunId: string;
  }
}

/**
 * Builds the migrated template once per run: a fresh PGlite costs 6–9 s (initdb in WASM), a clone from
 * a dumped template ~0.9 s. On PostgreSQL the template is a database that each test file copies.
 */
export default async function setup(project: TestProject) {
  // The process tests start the compiled server (testing/server-process.ts): built here when stale.
  await ensureServerBuild();
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  project.provide('testRunId', runId);
  // A project's own `test.env` wins: the PGlite-specific run beside a PostgreSQL one blanks the URL there.
  const adminUrl = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) return setupPostgres(project, adminUrl, runId);

  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  await ensureBaseRows(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `skinfair-pg-template-${runId}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  project.provide('pgTemplateDatabase', '');
  return () => fs.rmSync(file, { force: true });
}

async function setupPostgres(project: TestProject, adminUrl: string, runId: string) {
  const template = `skinfair_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, template), poolSize: 2 });
  await database.migrate();
  await ensureBaseRows(database.db);
  await database.close();
  project.provide('pgTemplateDatabase', template);
  project.provide('pgliteTemplatePath', '');
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `skinfair_%${runId}%`,
    ]);
    for (const { datname } of rows) await cleanup.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await cleanup.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
