import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3Stub, type S3Stub } from '../../testing/stubs/s3-stub.js';
import { mirrorImages, type MirrorOptions } from './image-mirror.js';
import { createLocalImageStore } from './image-store-local.js';
import { createS3ImageStore } from './image-store-s3.js';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * The upstream image host on loopback: PNG bytes for any /images/<name>, except `gone.webp` (404),
 * `slow.webp` (its first request is held open past the mirror's timeout, later ones answer at once) and
 * `flaky.webp` (a 503 first). Counts what was asked.
 */
let upstream: { url: string; asked: string[]; server: http.Server };
const held: http.ServerResponse[] = [];

beforeAll(async () => {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\/images\//, '');
    const times = asked.filter((n) => n === name).length;
    asked.push(name);
    if (name === 'gone.webp') return res.writeHead(404).end();
    if (name === 'slow.webp' && times === 0) return void held.push(res);
    if (name === 'flaky.webp' && times === 0) return res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, server };
});
afterAll(async () => {
  upstream.server.closeAllConnections();
  await new Promise((r) => upstream.server.close(r));
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  upstream.asked.length = 0;
  for (const res of held.splice(0)) res.destroy();
});

function localStore() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-mirror-'));
  dirs.push(dir);
  return { dir, store: createLocalImageStore(dir) };
}

const options = (store: MirrorOptions['store']): MirrorOptions => ({
  store,
  upstream: upstream.url,
  concurrency: 3,
  attempts: 3,
  timeoutMs: 1_000,
  retryDelayMs: 10,
});

const names = ['a.webp', 'b.webp', 'c.png', 'gone.webp', 'slow.webp', 'flaky.webp'];

describe('mirroring the catalogue images', () => {
  it('stores every image the upstream has, retries the slow and the failing one, and lists the 404 apart', async () => {
    const { dir, store } = localStore();
    const report = await mirrorImages(names, options(store));
    expect(report).toMatchObject({ total: 6, stored: 5, skipped: 0, missing: ['gone.webp'], failed: [] });
    for (const name of ['a.webp', 'b.webp', 'c.png', 'slow.webp', 'flaky.webp'])
      expect(fs.readFileSync(path.join(dir, name)).equals(png)).toBe(true);
    // The 404 is asked once; the held request timed out and was asked again, as was the 503.
    expect(upstream.asked.filter((n) => n === 'gone.webp')).toHaveLength(1);
    expect(upstream.asked.filter((n) => n === 'slow.webp')).toHaveLength(2);
    expect(upstream.asked.filter((n) => n === 'flaky.webp')).toHaveLength(2);
    // No half-written file is left beside the images.
    expect(fs.readdirSync(dir).sort()).toEqual(['a.webp', 'b.webp', 'c.png', 'flaky.webp', 'slow.webp']);
  });

  it('resumes: a second run fetches only what the first did not store', async () => {
    const { store } = localStore();
    await store.put('a.webp', png);
    const first = await mirrorImages(['a.webp', 'b.webp'], options(store));
    expect(first).toMatchObject({ stored: 1, skipped: 1 });
    expect(upstream.asked).toEqual(['b.webp']);
    upstream.asked.length = 0;
    const second = await mirrorImages(['a.webp', 'b.webp', 'b.webp'], options(store));
    expect(second).toMatchObject({ total: 2, stored: 0, skipped: 2, missing: [], failed: [] });
    expect(upstream.asked).toEqual([]);
  });

  it('reports an image that keeps failing, after its attempts, and goes on with the rest', async () => {
    const { store } = localStore();
    const report = await mirrorImages(['slow.webp', 'a.webp'], { ...options(store), attempts: 1 });
    expect(report.stored).toBe(1);
    expect(report.failed).toEqual([{ name: 'slow.webp', reason: expect.stringMatching(/timed out|abort/i) as string }]);
  });

  it('does not store what is not an image', async () => {
    const { store } = localStore();
    const html = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'));
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    try {
      const report = await mirrorImages(['a.webp'], {
        ...options(store),
        upstream: `http://127.0.0.1:${(html.address() as AddressInfo).port}`,
      });
      expect(report.failed).toEqual([{ name: 'a.webp', reason: 'not an image (text/html)' }]);
      expect(await store.has('a.webp')).toBe(false);
    } finally {
      await new Promise((r) => html.close(r));
    }
  });

  describe('into object storage', () => {
    let s3: S3Stub;
    beforeAll(async () => {
      s3 = await startS3Stub({ bucket: 'img', region: 'cn-hangzhou', accessKeyId: 'LTAIstub', secretAccessKey: 'stub-secret' });
    });
    afterAll(async () => s3?.close());

    it('PUTs each image once into the bucket, signed, and skips them on the next run', async () => {
      const store = createS3ImageStore({
        endpoint: s3.endpoint,
        bucket: 'img',
        region: 'cn-hangzhou',
        accessKeyId: 'LTAIstub',
        secretAccessKey: 'stub-secret',
        publicUrl: 'https://img.skinfair.example',
        prefix: 'images/',
        pathStyle: true,
        timeoutMs: 5_000,
      });
      expect(await mirrorImages(['a.webp', 'gone.webp'], options(store))).toMatchObject({ stored: 1, missing: ['gone.webp'] });
      expect([...s3.objects.keys()]).toEqual(['images/a.webp']);
      expect(await mirrorImages(['a.webp'], options(store))).toMatchObject({ stored: 0, skipped: 1 });
      expect(s3.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
      expect(s3.requests.every((r) => r.signed)).toBe(true);
    });
  });
});
