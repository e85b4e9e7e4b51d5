import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBundle, startServerProcess, type ServerProcess } from './testing/server-process.js';

/**
 * Issue 11: the server as production runs it, compiled to apps/server/dist/main.js. The other tests run the
 * TypeScript sources; this file builds the bundle when it is missing or stale, as `npm start` does.
 */

const servers: ServerProcess[] = [];

beforeAll(() => {
  execFileSync(process.execPath, [path.join(path.dirname(serverBundle), '../build.mjs'), '--if-stale'], { stdio: 'pipe', timeout: 120_000 });
}, 130_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop(2_000)));
});

async function compiled(env: Record<string, string>, cwd?: string) {
  const s = await startServerProcess({ JOBS_ENABLED: 'false', ...env }, { compiled: true, ...(cwd ? { cwd } : {}) });
  servers.push(s);
  return s;
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
