import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits until the readiness probe (or `probe`) answers 200 (or fails if the process exits first). */
  ready(timeoutMs?: number, probe?: string): Promise<void>;
  /** SIGTERM and wait; SIGKILL if it has not exited in `graceMs`. Removes the data folder it made. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The compiled server (`npm run build -w @skinfair/server`), as `npm start` and the deployments run it. */
export const serverBundle = path.join(repoRoot, 'apps/server/dist/main.js');

export interface ServerProcessOptions {
  nodeArgs?: string[];
  /** Run main.ts through tsx instead of the bundle (benchmarks that compare the two). */
  fromSource?: boolean;
  /** Working directory; default the repository. */
  cwd?: string;
}

/**
 * The server in its own Node process, for tests of what only a real process shows: boot refusals, signals,
 * crashes, several nodes on one database, cluster workers. One process unless `env.WORKERS` says otherwise.
 * It runs the compiled bundle, as `npm start` and the deployments do; the tests' global set-up rebuilds it
 * when its sources changed (testing/global-setup.ts). Through tsx each start compiled and loaded the ~400
 * source files again, seconds per process in the files that start a dozen.
 */
export async function startServerProcess(env: Record<string, string> = {}, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const ownDataDir = env.DATA_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-proc-'));
  const program = options.fromSource
    ? ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')]
    : ['--enable-source-maps', serverBundle];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...program], {
    cwd: options.cwd ?? repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'info',
      WORKERS: '1',
      WEB_DIST: '/nonexistent-web-dist',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => (output += String(c)));
  child.stderr?.on('data', (c) => (output += String(c)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const cleanup = () => ownDataDir && fs.rmSync(ownDataDir, { recursive: true, force: true });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async ready(timeoutMs = 90_000, probe = '/health/ready') {
      const started = Date.now();
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`server exited before ready (code ${child.exitCode}, signal ${child.signalCode}, port ${port}):\n${output}`);
        if (Date.now() - started > timeoutMs) throw new Error(`server not ready in ${timeoutMs} ms:\n${output}`);
        const ready = await fetch(`http://127.0.0.1:${port}${probe}`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(graceMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const result = await exited;
        clearTimeout(timer);
        cleanup();
        return result;
      }
      cleanup();
      return exited;
    },
  };
}
