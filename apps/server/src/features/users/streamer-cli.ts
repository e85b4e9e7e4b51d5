/**
 * Operators grant or take back the streamer role from a shell (decision 0028: a streamer may open streamer
 * giveaway rooms), against the configured database; the console has no switch for it:
 *
 *   npx tsx apps/server/src/features/users/streamer-cli.ts --user 100001 [--off]
 *
 * With PGlite, stop the server first: its data directory admits one process at a time.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../platform/db/client.js';
import { setStreamer } from './repo.js';

export function parseStreamerArgs(argv: string[]): { userId: number; on: boolean } {
  const { values } = parseArgs({ args: argv, options: { user: { type: 'string' }, off: { type: 'boolean' } }, strict: true });
  if (values.user === undefined) throw new Error('usage: streamer-cli.ts --user <id> [--off]');
  if (!/^\d+$/.test(values.user)) throw new Error('--user must be a whole number');
  return { userId: Number(values.user), on: !values.off };
}

async function main(): Promise<void> {
  const { userId, on } = parseStreamerArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 2 } : { pgliteDir: config.pgliteDir },
  );
  try {
    await database.migrate();
    if (!(await setStreamer(database.db, userId, on))) throw new Error(`no user ${userId}`);
    console.log(`User ${userId} is ${on ? 'now' : 'no longer'} a streamer`);
  } finally {
    await database.close();
  }
}

// Runs only as a script, so tests can import parseStreamerArgs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
