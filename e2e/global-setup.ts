import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from '../apps/server/build.mjs';
import { createDatabase, databaseUrl, dropDatabase, e2ePostgresAdminUrl, newDatabaseName } from './support/postgres.js';
import { bootServer } from './support/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the server migrated and seeded once; each file's server starts on a copy of it. */
    e2eTemplateDir: string;
    /** With PostgreSQL: the database that boot migrated and seeded, which each file's server copies. */
    e2eTemplateDatabase: string;
  }
}

/**
 * Once per run: build the server bundle when its sources changed, then boot it on a fresh data folder (and,
 * with PostgreSQL, a fresh database) so it migrates and seeds, and stop it cleanly (SIGTERM closes PGlite). Every file copies that folder instead
 * of repeating the first boot (docs/BENCHMARKS.md "Test suite").
 */
export default async function setup(project: TestProject): Promise<() => void> {
  await ensureServerBuild();
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-e2e-template-'));
  const adminUrl = e2ePostgresAdminUrl();
  const templateDatabase = adminUrl ? newDatabaseName('skinfair_e2e_tpl') : '';
  if (adminUrl) await createDatabase(adminUrl, templateDatabase);
  const env: Record<string, string> = adminUrl ? { DATABASE_URL: databaseUrl(adminUrl, templateDatabase) } : {};
  await (await bootServer(templateDir, env)).stop({ keepData: true });
  project.provide('e2eTemplateDir', templateDir);
  project.provide('e2eTemplateDatabase', templateDatabase);
  return async () => {
    fs.rmSync(templateDir, { recursive: true, force: true });
    if (adminUrl) await dropDatabase(adminUrl, templateDatabase);
  };
}
