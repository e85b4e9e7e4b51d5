import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { testConfig } from '../../testing/test-app.js';
import { imagesToMirror, parseMirrorArgs, runMirror } from './mirror-images-cli.js';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let database: Database;
let upstream: http.Server;
let upstreamUrl: string;
let dir: string;
const asked: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-mirror-cli-'));
  upstream = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    // One image the upstream lost; every other one is a tiny PNG.
    if (req.url === `/images/${lost}`) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await database?.close();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

let lost = '';

describe('the image mirror command', () => {
  it('reads its options, with small defaults', () => {
    expect(parseMirrorArgs([])).toEqual({ concurrency: 4, attempts: 3, timeoutMs: 15_000 });
    expect(parseMirrorArgs(['--concurrency', '8', '--attempts', '5', '--timeout-ms', '3000'])).toEqual({
      concurrency: 8,
      attempts: 5,
      timeoutMs: 3_000,
    });
    expect(() => parseMirrorArgs(['--concurrency', '100'])).toThrow(/1 to 32/);
    expect(() => parseMirrorArgs(['--bogus'])).toThrow();
  });

  it('lists every item, box and banner image of the catalogue once', async () => {
    const names = await imagesToMirror(database.db);
    expect(names.length).toBeGreaterThan(100);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => /^[0-9a-f]{64}\.webp$/.test(n))).toBe(true);
    // A seeded banner's image (features/content/seed-notices-banners.ts).
    expect(names).toContain('9c51ef1255b3b8b13c056b9df7a1b81afb6888d675af00d7a871a523a37eef9f.webp');
  });

  it('copies them into the store, reports the counts, and a second run skips them all', async () => {
    // Sixty of them are enough to show the run; the list above is the whole catalogue.
    const names = (await imagesToMirror(database.db)).slice(0, 60);
    lost = names[0]!;
    const config = testConfig({ IMAGE_UPSTREAM: upstreamUrl, IMAGE_STORE_DIR: dir });
    const lines: string[] = [];
    const args = { concurrency: 8, attempts: 2, timeoutMs: 10_000, retryDelayMs: 10 };
    const first = await runMirror(config, names, args, (line) => lines.push(line));
    expect(first).toMatchObject({ total: names.length, stored: names.length - 1, skipped: 0, missing: [lost], failed: [] });
    expect(fs.readdirSync(dir)).toHaveLength(names.length - 1);
    expect(lines.at(-1)).toBe(`Done: ${names.length - 1} stored, 0 already there, 1 not on the upstream, 0 failed (of ${names.length})`);
    expect(lines).toContain(`  not on the upstream (404): ${lost}`);

    asked.length = 0;
    const second = await runMirror(config, names, args, () => {});
    expect(second).toMatchObject({ stored: 0, skipped: names.length - 1, missing: [lost] });
    expect(asked).toEqual([`/images/${lost}`]);
  });
});
