import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.js';

/** Debian's PgBouncer (1.18 on bookworm): `apt-get install pgbouncer`, or scripts/pgbouncer-check.sh. */
export const PGBOUNCER_BIN = '/usr/sbin/pgbouncer';
export const pgbouncerInstalled = () => fs.existsSync(PGBOUNCER_BIN);

export interface PgBouncer {
  port: number;
  /** `url` with its host and port replaced by this PgBouncer's. */
  through(url: string): string;
  stop(): Promise<void>;
}

/**
 * A PgBouncer of this test's own, in transaction mode, on a free port in a temporary folder, in front of
 * the server `upstreamUrl` names. Fewer server connections (`serverPool`) than the app's pool, so
 * consecutive transactions of one app connection really do land on different server connections.
 */
export async function startPgBouncer(upstreamUrl: string, options: { serverPool?: number } = {}): Promise<PgBouncer> {
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username || 'postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-pgbouncer-'));
  fs.chmodSync(dir, 0o755); // PgBouncer refuses to run as root; it drops to `postgres` and must read these.
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.serverPool ?? 4}`,
      'max_client_conn = 200',
      'server_reset_query =',
      '',
    ].join('\n'),
  );
  const args = [...(process.getuid?.() === 0 ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = spawn(PGBOUNCER_BIN, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const through = (url: string) => {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Ready once a query goes through it.
  for (let attempt = 0; ; attempt++) {
    const probe = new pg.Client({ connectionString: through(upstreamUrl) });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.query('SELECT 1');
      await probe.end();
      return { port, through, stop };
    } catch (err) {
      await probe.end().catch(() => undefined);
      if (child.exitCode !== null || attempt >= 50) {
        await stop();
        throw new Error(`pgbouncer did not start: ${String(err)}\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
