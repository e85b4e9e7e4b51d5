import { imageContentType, type S3ImageStore } from './image-store.js';
import { sha256Hex, signS3Request } from './s3-signature.js';

export interface S3ImageStoreSettings {
  /** https://s3.oss-cn-hangzhou.aliyuncs.com, https://cos.ap-guangzhou.myqcloud.com, … */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What browsers are sent to, without the key: the bucket's public domain or a CDN in front of it. */
  publicUrl: string;
  /** Prepended to every name (`images/`), so the bucket can hold other things too. */
  prefix: string;
  /** bucket in the path (MinIO, a local stub) instead of the host name (OSS and COS want the host). */
  pathStyle: boolean;
  timeoutMs: number;
}

/** Stored images are content-hashed: the bucket may tell browsers and CDNs to keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export class ImageStoreError extends Error {}

/**
 * The image store on S3-compatible object storage: PUT and HEAD Object, signed with Signature V4
 * (s3-signature.ts) and sent with fetch. The bucket (or the CDN at `publicUrl`) must allow public reads:
 * browsers are redirected there (platform/http/image-route.ts).
 */
export function createS3ImageStore(settings: S3ImageStoreSettings, fetcher: typeof fetch = fetch): S3ImageStore {
  const endpoint = new URL(settings.endpoint);
  const key = (name: string) => {
    if (!imageContentType(name)) throw new ImageStoreError(`not an image name: ${name}`);
    return `${settings.prefix}${name}`;
  };
  const objectUrl = (name: string) =>
    settings.pathStyle
      ? new URL(`${endpoint.origin}/${settings.bucket}/${key(name)}`)
      : new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}/${key(name)}`);
  const credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region };

  async function send(method: 'HEAD' | 'PUT', name: string, body?: Buffer, extra: Record<string, string> = {}): Promise<Response> {
    const url = objectUrl(name);
    const headers = signS3Request({ method, url, headers: extra, payloadSha256: sha256Hex(body ?? '') }, credentials);
    try {
      return await fetcher(url, {
        method,
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (err) {
      throw new ImageStoreError(`${method} ${url.pathname}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  return {
    kind: 's3',
    publicUrl: (name) => `${settings.publicUrl}/${key(name)}`,
    async has(name) {
      const res = await send('HEAD', name);
      if (res.ok) return true;
      if (res.status === 404) return false;
      // S3 answers 403 for a missing object when the key may not list the bucket; say what to fix.
      throw new ImageStoreError(
        `HEAD ${name}: HTTP ${res.status}${res.status === 403 ? ' (check the key, its permissions and the region)' : ''}`,
      );
    },
    async put(name, bytes) {
      const type = imageContentType(name) ?? 'application/octet-stream';
      const res = await send('PUT', name, bytes, { 'content-type': type, 'cache-control': IMMUTABLE });
      // Read the answer either way: an unread body holds its connection.
      const detail = (await res.text().catch(() => '')).slice(0, 200);
      if (!res.ok) throw new ImageStoreError(`PUT ${name}: HTTP ${res.status} ${detail}`);
    },
  };
}
