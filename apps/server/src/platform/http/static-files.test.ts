import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';

// A stand-in for apps/web/dist as the build leaves it: hashed assets with .br/.gz siblings (issue 11).
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- pad -->'.repeat(100)}</body></html>`;

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, body: string) => {
    fs.writeFileSync(path.join(dist, name), body);
    fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(body));
  };
  write('assets/app-abc123.js', script);
  write('index.html', html);
  fs.writeFileSync(path.join(dist, 'assets/tiny-def456.css'), 'a{}');
  // An SVG opened on its own is a document that can run script: it keeps the page's headers.
  fs.writeFileSync(path.join(dist, 'assets/logo-0a1b2c.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ env: { WEB_DIST: dist } });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const yearLong = 'public, max-age=31536000, immutable';

describe('hashed assets', () => {
  it('sends the brotli file to a browser that accepts br, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(yearLong);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(yearLong);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe(yearLong);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.body).toBe(script);
    }
  });

  it('sends a small asset that has no compressed copy as it is, still cached for a year', async () => {
    const res = await get('/assets/tiny-def456.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(yearLong);
    expect(res.body).toBe('a{}');
  });

  it('answers 404 for an asset that does not exist', async () => {
    const res = await get('/assets/missing-000000.js', 'br');
    expect(res.statusCode).toBe(404);
  });
});

describe('the page itself', () => {
  it('is revalidated on every visit and sent compressed when accepted, on every SPA route', async () => {
    for (const url of ['/', '/home', '/box/12', '/index.html']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
  });

  it('is sent plain to a client that accepts no encoding', async () => {
    const res = await get('/home');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(html);
  });

  it('leaves API misses to the API error envelope', async () => {
    const res = await get('/api/nope', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('security headers', () => {
  const documentOnly = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it('leaves the document-only ones off hashed scripts and style sheets, in every encoding, keeping nosniff and CORP', async () => {
    for (const [url, accept] of [
      ['/assets/app-abc123.js', 'br'],
      ['/assets/app-abc123.js', 'gzip'],
      ['/assets/app-abc123.js', undefined],
      ['/assets/tiny-def456.css', 'br, gzip'],
    ] as const) {
      const res = await get(url, accept);
      const label = `${url} ${accept ?? 'identity'}`;
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], label).toBe('same-site');
      expect(res.headers['cache-control'], label).toBe(yearLong);
      for (const name of documentOnly) expect(res.headers[name], `${label}: ${name}`).toBeUndefined();
    }
  });

  it('sends all of them with the page and with any other asset', async () => {
    for (const url of ['/home', '/index.html', '/assets/logo-0a1b2c.svg']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toMatch(/default-src 'self'/);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      for (const name of documentOnly) expect(res.headers[name], `${url}: ${name}`).toBeDefined();
    }
  });
});
