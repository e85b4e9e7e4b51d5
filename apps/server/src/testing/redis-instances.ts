import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

/**
 * A Redis or Redis Sentinel of the test's own, on a free port in its own folder under the temp directory,
 * so a test can stop it mid-way without touching the machine's Redis (brief: never stop system services).
 */
export interface OwnRedis {
  port: number;
  url: string;
  /** SIGKILL, as a crashed or unplugged Redis; `start()` brings it back on the same port. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
export const hasRedisSentinel = spawnSync('redis-sentinel', ['--version']).status === 0;

/** `replicaOf`: start as a replica of that port (a Sentinel failover drill). */
export async function startOwnRedis(options: { replicaOf?: number } = {}): Promise<OwnRedis> {
  const replica = options.replicaOf ? ['--replicaof', '127.0.0.1', String(options.replicaOf)] : [];
  return startInstance('redis-server', (port, dir) => [
    ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    ...replica,
  ]);
}

/**
 * A Sentinel watching `master` under `name`, quorum 1. By default a long down-after: it only tells clients
 * where the master is. With a short `downAfterMs` it fails the master over to a replica when the master dies.
 */
export async function startOwnSentinel(
  master: { host: string; port: number },
  name = 'mymaster',
  downAfterMs = 600_000,
): Promise<OwnRedis> {
  return startInstance('redis-sentinel', (port, dir) => {
    const conf = path.join(dir, 'sentinel.conf');
    fs.writeFileSync(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${name} ${master.host} ${master.port} 1`,
        `sentinel down-after-milliseconds ${name} ${downAfterMs}`,
        `sentinel failover-timeout ${name} ${Math.max(downAfterMs * 10, 10_000)}`,
        '',
      ].join('\n'),
    );
    return [conf];
  });
}

async function startInstance(command: string, args: (port: number, dir: string) => string[]): Promise<OwnRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `skinfair-${command}-`));
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(command, args(port, dir), { stdio: 'ignore' });
    child = started;
    await waitForPort(port, 10_000, () => started.exitCode !== null);
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async stop() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, timeoutMs: number, failed: () => boolean): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (failed()) throw new Error(`redis on port ${port} exited at start`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() - started > timeoutMs) throw new Error(`redis on port ${port} not listening after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
