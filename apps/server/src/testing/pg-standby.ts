import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

/**
 * A throwaway PostgreSQL primary and a streaming standby of it, in a temporary folder on free ports, from
 * the machine's own PostgreSQL binaries (Debian's postgresql-15). For tests of what depends on replication
 * (the read pool's lag bound); the system PostgreSQL on 5432 is left alone.
 */
export const PG_BIN = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((dir) =>
  ['initdb', 'pg_ctl', 'pg_basebackup'].every((tool) => fs.existsSync(path.join(dir, tool))),
);

export interface PrimaryAndStandby {
  primaryUrl: string;
  standbyUrl: string;
  /** Stops the standby at once (`-m immediate`), as if its machine died. */
  stopStandby(): void;
  stop(): void;
}

export async function startPrimaryAndStandby(): Promise<PrimaryAndStandby> {
  if (!PG_BIN) throw new Error('no PostgreSQL binaries (initdb, pg_ctl, pg_basebackup) under /usr/lib/postgresql');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-standby-'));
  // PostgreSQL refuses to run as root: as root, run its tools as `postgres`, which must own the folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    fs.chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const bin = path.join(PG_BIN, tool);
    execFileSync(asRoot ? 'runuser' : bin, asRoot ? ['-u', 'postgres', '--', bin, ...args] : args, { stdio: 'pipe', cwd: dir });
  };
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primary = path.join(dir, 'primary');
  const standby = path.join(dir, 'standby');
  const options = (port: number) => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB`;
  const started: string[] = [];
  const stopOne = (data: string) => {
    if (!started.includes(data)) return;
    started.splice(started.indexOf(data), 1);
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } catch {
      // already down
    }
  };
  const stop = () => {
    stopOne(standby);
    stopOne(primary);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync']);
    run('pg_ctl', ['-D', primary, '-o', options(primaryPort), '-l', path.join(dir, 'primary.log'), '-w', 'start']);
    started.push(primary);
    run('pg_basebackup', [
      '-D',
      standby,
      '-R',
      '-X',
      'stream',
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '--no-sync',
    ]);
    run('pg_ctl', ['-D', standby, '-o', options(standbyPort), '-l', path.join(dir, 'standby.log'), '-w', 'start']);
    started.push(standby);
  } catch (err) {
    stop();
    throw err;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    standbyUrl: `postgres://postgres@127.0.0.1:${standbyPort}/postgres`,
    stopStandby: () => stopOne(standby),
    stop,
  };
}
