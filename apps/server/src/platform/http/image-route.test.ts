import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Stub, type S3Stub } from '../../testing/stubs/s3-stub.js';
import { buildTestApp, testConfig, type TestApp } from '../../testing/test-app.js';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const yearLong = 'public, max-age=31536000, immutable';
const apps: TestApp[] = [];
const dirs: string[] = [];

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const t = await buildTestApp({ env });
  apps.push(t);
  return t;
}

function storeDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-images-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'abc123.webp'), png);
  return dir;
}

afterAll(async () => {
  for (const t of apps) await t.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('catalogue images from the local store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ IMAGE_STORE_DIR: storeDir() });
  });

  it('streams a mirrored image with a year’s caching and its type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/img/images/abc123.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(yearLong);
    expect(res.rawPayload.equals(png)).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url: '/img/images/abc123.webp' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(png.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('redirects an image it does not hold to the upstream, for an hour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/img/images/notmirrored.webp' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://cdn.cstrike.app/images/notmirrored.webp');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    // The upstream stays an allowed image origin while it is the fallback.
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.cstrike\.app/);
  });

  it('answers 404 for names that are not one image file, never a redirect', async () => {
    for (const url of ['/img/images/page.svg', '/img/images/..%2Fsecret.webp', '/img/images/a%00.webp', '/img/images/noext']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('still serves the avatars and banners of the image directory', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/img/avatars/default/01.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/svg/);
  });
});

describe('with the fallback off (IMAGE_FALLBACK=false)', () => {
  it('answers 404 for an image not mirrored, and no foreign image origin is allowed', async () => {
    const t = await appWith({ IMAGE_STORE_DIR: storeDir(), IMAGE_FALLBACK: 'false' });
    const res = await t.app.inject({ method: 'GET', url: '/img/images/notmirrored.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob:;/);
    expect((await t.app.inject({ method: 'GET', url: '/img/images/abc123.webp' })).statusCode).toBe(200);
  });
});

describe('catalogue images from object storage', () => {
  let s3: S3Stub;
  let t: TestApp;
  const keys = { bucket: 'skinfair-img', region: 'cn-hangzhou', accessKeyId: 'LTAIstub', secretAccessKey: 'stub-secret' };
  beforeAll(async () => {
    s3 = await startS3Stub(keys);
    t = await appWith({
      IMAGE_STORE: 's3',
      IMAGE_S3_ENDPOINT: s3.endpoint,
      IMAGE_S3_BUCKET: keys.bucket,
      IMAGE_S3_REGION: keys.region,
      IMAGE_S3_ACCESS_KEY_ID: keys.accessKeyId,
      IMAGE_S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      IMAGE_S3_PUBLIC_URL: 'https://img.skinfair.example/',
      IMAGE_S3_PATH_STYLE: 'true',
    });
    s3.objects.set('images/abc123.webp', { body: png, contentType: 'image/webp', cacheControl: yearLong });
  });
  afterAll(async () => s3?.close());

  it('redirects a mirrored image to the bucket’s public address, asking the bucket once', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/img/images/abc123.webp' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://img.skinfair.example/images/abc123.webp');
      expect(res.headers['content-security-policy']).toMatch(
        /img-src 'self' data: blob: https:\/\/img\.skinfair\.example https:\/\/cdn\.cstrike\.app/,
      );
    }
    expect(s3.requests.filter((r) => r.path.endsWith('/abc123.webp'))).toEqual([
      { method: 'HEAD', path: '/skinfair-img/images/abc123.webp', signed: true },
    ]);
  });

  it('falls back to the upstream for an image not in the bucket', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/img/images/notmirrored.webp' });
    expect(res.headers.location).toBe('https://cdn.cstrike.app/images/notmirrored.webp');
  });
});

describe('image store settings', () => {
  it('lists what object storage is missing, and refuses plain http to another host', () => {
    expect(() => testConfig({ IMAGE_STORE: 's3', IMAGE_S3_ENDPOINT: 'http://oss.example.com' })).toThrow(
      /IMAGE_S3_BUCKET: required[\s\S]*IMAGE_S3_PUBLIC_URL: required[\s\S]*IMAGE_S3_ENDPOINT: http:\/\/oss.example.com must be https/,
    );
  });
});
