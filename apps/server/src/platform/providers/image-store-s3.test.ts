import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Stub, type S3Stub } from '../../testing/stubs/s3-stub.js';
import { createS3ImageStore, ImageStoreError, type S3ImageStoreSettings } from './image-store-s3.js';

const bucket = 'skinfair-img-1250000000';
const keys = { region: 'ap-guangzhou', accessKeyId: 'AKIDstub', secretAccessKey: 'stub-secret-key' };
let stub: S3Stub;
let settings: S3ImageStoreSettings;

beforeAll(async () => {
  stub = await startS3Stub({ bucket, ...keys });
  settings = {
    endpoint: stub.endpoint,
    bucket,
    ...keys,
    publicUrl: 'https://img.skinfair.example',
    prefix: 'images/',
    pathStyle: true,
    timeoutMs: 5_000,
  };
});
afterAll(async () => stub?.close());

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('image store on S3-compatible object storage', () => {
  it('PUTs an image the bucket accepts as signed, and HEADs it back', async () => {
    const store = createS3ImageStore(settings);
    expect(await store.has('abc123.webp')).toBe(false);
    await store.put('abc123.webp', png);
    expect(await store.has('abc123.webp')).toBe(true);
    const object = stub.objects.get('images/abc123.webp');
    expect(object?.body.equals(png)).toBe(true);
    expect(object?.contentType).toBe('image/webp');
    expect(object?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(stub.requests.every((r) => r.signed)).toBe(true);
    expect(store.publicUrl('abc123.webp')).toBe('https://img.skinfair.example/images/abc123.webp');
  });

  it('fails loudly when the bucket refuses the signature (a wrong secret)', async () => {
    const store = createS3ImageStore({ ...settings, secretAccessKey: 'not-the-secret' });
    await expect(store.has('abc123.webp')).rejects.toThrow(/HTTP 403 \(check the key/);
    await expect(store.put('other.webp', png)).rejects.toThrow(/PUT other.webp: HTTP 403 .*SignatureDoesNotMatch/);
    expect(stub.objects.has('images/other.webp')).toBe(false);
  });

  it('addresses OSS and COS buckets by host name (virtual-hosted style)', async () => {
    const urls: string[] = [];
    const fetcher = (async (url: URL | string) => {
      urls.push(String(url));
      return new Response(null, { status: 404 });
    }) as typeof fetch;
    const store = createS3ImageStore({ ...settings, endpoint: 'https://cos.ap-guangzhou.myqcloud.com', pathStyle: false }, fetcher);
    expect(await store.has('abc123.webp')).toBe(false);
    expect(urls).toEqual([`https://${bucket}.cos.ap-guangzhou.myqcloud.com/images/abc123.webp`]);
  });

  it('refuses names that are not one image file', async () => {
    const store = createS3ImageStore(settings);
    await expect(store.put('../secret.webp', png)).rejects.toBeInstanceOf(ImageStoreError);
    await expect(store.put('page.svg', png)).rejects.toBeInstanceOf(ImageStoreError);
  });
});
