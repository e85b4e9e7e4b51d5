import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ceilingDir = path.resolve(here, '../ceiling');
const repoRoot = path.resolve(here, '../..');

/** The writes a ceiling runs: the reference opening, or a dream's (its schema extends the opening's). */
export interface CeilingScript {
  pgbench: string;
  extraSchema?: string;
  pglite: string;
}
export const openingCeiling: CeilingScript = { pgbench: 'open.sql', pglite: 'pglite-raw.mjs' };
export const dreamCeiling: CeilingScript = { pgbench: 'dream.sql', extraSchema: 'dream-schema.sql', pglite: 'pglite-dream-raw.mjs' };

/** pgbench on the reference writes (bench/ceiling/open.sql by default), in its own database, dropped after. */
export function pgbenchCeiling(adminUrl: string, seconds: number, clients = 50, script: CeilingScript = openingCeiling): number {
  const url = new URL(adminUrl);
  const conn = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const name = `ceiling_${randomBytes(4).toString('hex')}`;
  execFileSync('createdb', [...conn, name]);
  try {
    for (const schema of ['schema.sql', ...(script.extraSchema ? [script.extraSchema] : [])])
      execFileSync('psql', ['-q', ...conn, '-d', name, '-f', path.join(ceilingDir, schema)], { stdio: ['ignore', 'ignore', 'inherit'] });
    const run = spawnSync(
      'pgbench',
      [
        ...conn,
        '-n',
        '-M',
        'prepared',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        '-f',
        path.join(ceilingDir, script.pgbench),
        name,
      ],
      { encoding: 'utf8' },
    );
    const tps = /tps = ([\d.]+)/.exec(run.stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${run.stdout}\n${run.stderr}`);
    return Number(tps[1]);
  } finally {
    execFileSync('dropdb', [...conn, '--force', name]);
  }
}

/** PGlite in memory running the same statements one transaction after another (bench/ceiling/pglite-raw.mjs). */
export function pgliteCeiling(seconds: number, script: CeilingScript = openingCeiling): number {
  const out = execFileSync(process.execPath, [path.join(ceilingDir, script.pglite), repoRoot, String(seconds)], { encoding: 'utf8' });
  return (JSON.parse(out.trim().split('\n').pop()!) as { perSecond: number }).perSecond;
}
