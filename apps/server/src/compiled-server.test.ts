import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { restartDelayMs } from './cluster.js';
import { createPostgresTestDatabase } from './testing/test-db.js';
import { serverBundle, startServerProcess, type ServerProcess } from './testing/server-process.js';

/**
 * Issue 11: the server as production runs it — compiled to apps/server/dist/main.js — and several server
 * processes on one port (WORKERS, node:cluster). Every process test runs this bundle, which the server
 * tests' global set-up builds when it is missing or stale, as `npm start` does (testing/global-setup.ts).
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const servers: ServerProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop(2_000)));
  for (const c of cleanups) await c();
});

async function compiled(env: Record<string, string>, cwd?: string) {
  const s = await startServerProcess({ JOBS_ENABLED: 'false', ...env }, cwd ? { cwd } : {});
  servers.push(s);
  return s;
}

async function until(check: () => boolean, ms: number, what: string) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The cluster primary's children, as the OS lists them (ps exits 1 when there are none). */
function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

/**
 * A GET on a connection of its own, left open so that its owner can be looked up: which of `pids` holds
 * the server end of it, read from /proc (the product exposes no process id).
 */
function getOnNewConnection(url: string, pids: number[]): Promise<{ status: number; body: string; servedBy: number | undefined }> {
  return new Promise((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const req = http.get(url, { agent }, (res) => {
      const clientPort = res.socket.localPort!;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        const servedBy = ownerOfConnection(pids, Number(new URL(url).port), clientPort);
        agent.destroy();
        resolve({ status: res.statusCode ?? 0, body, servedBy });
      });
    });
    req.on('error', (err) => {
      agent.destroy();
      reject(err);
    });
  });
}

function ownerOfConnection(pids: number[], serverPort: number, clientPort: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, remote, , , , , , , inode] = line.trim().split(/\s+/);
      const port = (address: string | undefined) => parseInt(address?.split(':').pop() ?? '', 16);
      if (inode && port(local) === serverPort && port(remote) === clientPort) inodes.add(inode);
    }
  }
  for (const pid of pids) {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      const link = (() => {
        try {
          return fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return ''; // closed meanwhile
        }
      })();
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode && inodes.has(inode)) return pid;
    }
  }
  return undefined;
}

const caseDetail = (s: ServerProcess) => `${s.url}/api/case/caseDetail?caseId=3`;

describe('the compiled server (dist/main.js)', () => {
  it('boots from another working directory, migrates and seeds from the package folder, answers, and exits 0 on SIGTERM', async () => {
    expect(fs.existsSync(`${serverBundle}.map`)).toBe(true);
    const s = await compiled({ LOG_LEVEL: 'info' }, os.tmpdir());
    await s.ready();
    const ready = (await (await fetch(`${s.url}/health/ready`)).json()) as { data: { database: { ok: boolean; engine: string } } };
    expect(ready.data.database).toMatchObject({ ok: true, engine: 'pglite' });
    // Box 3 exists only if the migrations and the catalogue were read from their folders.
    const box = (await (await fetch(caseDetail(s))).json()) as { status: number; data: { id: number; boxName: string } };
    expect(box.status).toBe(0);
    expect(box.data.id).toBe(3);
    expect(box.data.boxName.length).toBeGreaterThan(0);
    expect(await s.stop()).toEqual({ code: 0, signal: null });
    expect(s.output()).not.toMatch(/"level":50/);
  }, 120_000);
});

describe('WORKERS (node:cluster, decisions/0022)', () => {
  it('waits 1 s before restarting a worker that died young, doubling up to 30 s, and none for one that lived', () => {
    expect(restartDelayMs(0, 2_000)).toBe(1_000);
    expect(restartDelayMs(1_000, 2_000)).toBe(2_000);
    expect(restartDelayMs(16_000, 2_000)).toBe(30_000);
    expect(restartDelayMs(30_000, 2_000)).toBe(30_000);
    expect(restartDelayMs(8_000, 60_000)).toBe(0);
  });

  it('refuses several processes on the embedded PGlite with the reason, exit code 1', async () => {
    const s = await compiled({ WORKERS: '2' });
    expect(await s.exited).toEqual({ code: 1, signal: null });
    expect(s.output()).toMatch(/WORKERS: 2 processes need PostgreSQL \(DATABASE_URL\)/);
  }, 60_000);

  it('exits 1 without restarting workers that cannot start at all (the database is unreachable)', async () => {
    const s = await compiled({ WORKERS: '2', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', SEED_DEMO: 'false' });
    expect(await s.exited).toEqual({ code: 1, signal: null });
    expect(s.output()).toMatch(/"role":"primary".*failed to start/);
    expect(s.output()).not.toMatch(/restarting in/);
    expect(childPids(s.child.pid!)).toEqual([]);
  }, 60_000);

  describe.runIf(adminUrl)('on PostgreSQL', () => {
    it('answers from two worker processes, replaces one killed with SIGKILL while the other answers, and exits 0 on SIGTERM', async () => {
      const { database, url } = await createPostgresTestDatabase(adminUrl!);
      cleanups.push(() => database.close());
      // No REDIS_URL on purpose: the primary must say what that costs.
      const s = await compiled({
        DATABASE_URL: url,
        WORKERS: '2',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '1000000',
      });
      const primary = s.child.pid!;
      await s.ready();
      await until(() => /"msg":"2 workers serving"/.test(s.output()), 60_000, 'both workers listening');
      expect(s.output()).toMatch(/WORKERS=2 without REDIS_URL: each worker shows its own drops/);
      const workers = childPids(primary);
      expect(workers).toHaveLength(2);

      // Requests on new connections until both workers have answered one (the primary deals them round-robin).
      const servedBy = async (expected: number[], attempts = 40) => {
        const seen = new Set<number>();
        for (let i = 0; i < attempts && expected.some((pid) => !seen.has(pid)); i++) {
          const answer = await getOnNewConnection(caseDetail(s), childPids(primary));
          expect(answer.status).toBe(200);
          expect((JSON.parse(answer.body) as { status: number }).status).toBe(0);
          if (answer.servedBy) seen.add(answer.servedBy);
        }
        return [...seen].sort();
      };
      expect(await servedBy(workers)).toEqual([...workers].sort());

      const [victim, survivor] = workers as [number, number];
      process.kill(victim, 'SIGKILL');
      await until(() => !childPids(primary).includes(victim), 10_000, 'the killed worker to be reaped');
      await until(() => /ended unexpectedly \(signal SIGKILL\)/.test(s.output()), 10_000, 'the primary to notice');
      // Meanwhile the service keeps answering: every request until the replacement has answered one.
      let replacement: number | undefined;
      const answers: Array<{ status: number; apiStatus: number }> = [];
      while (replacement === undefined || answers.length < 3) {
        const alive = childPids(primary);
        const answer = await getOnNewConnection(caseDetail(s), alive);
        answers.push({ status: answer.status, apiStatus: (JSON.parse(answer.body) as { status: number }).status });
        if (answer.servedBy !== undefined && answer.servedBy !== survivor) replacement = answer.servedBy;
        expect(answers.length).toBeLessThan(2_000);
      }
      expect(answers.filter((a) => a.status !== 200 || a.apiStatus !== 0)).toEqual([]);
      expect(replacement).not.toBe(victim);
      expect(childPids(primary).sort()).toEqual([survivor, replacement].sort());
      expect(isAlive(victim)).toBe(false);

      expect(await s.stop()).toEqual({ code: 0, signal: null });
      expect(isAlive(survivor)).toBe(false);
      expect(isAlive(replacement!)).toBe(false);
      expect(s.output()).toMatch(/every worker has stopped; exiting with 0/);
    }, 180_000);
  });
});
