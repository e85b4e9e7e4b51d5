import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { inheritedEnv, repoRoot, type RunningServer } from './server.js';

/**
 * The documented first-admin command (docs/OPERATIONS.md) against a running server: on PGlite it asks the
 * server through DATA_DIR's token file, on PostgreSQL it connects to the server's database. With a password it reads it from stdin; without one the command
 * makes one up and prints it, which is returned.
 */
export function createAdmin(server: RunningServer, name: string, password?: string): string {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/features/admin/create-admin-cli.ts', '--name', name, ...(password ? ['--password-stdin'] : [])],
    {
      cwd: repoRoot,
      ...(password ? { input: password } : {}),
      env: { ...inheritedEnv(), NODE_ENV: 'test', DATA_DIR: server.dataDir, LOG_LEVEL: 'warn', ...server.databaseEnv },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  if (password) return password;
  const printed = /Initial password \(shown once\): (\S+)/.exec(run.stdout)?.[1];
  expect(printed).toBeTruthy();
  return printed!;
}
