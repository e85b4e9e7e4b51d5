import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An S3-compatible bucket on loopback (issue 27 §4 tests), path-style (`/<bucket>/<key>`), that checks
 * Signature V4 as S3 does, written here apart from the client's signer: the canonical request rebuilt from
 * what arrived (method, path, query, the signed headers, the body's SHA-256, which must match the body), the
 * key derived from the secret, the day, the region and "s3", x-amz-date within 15 minutes. A bad signature
 * gets S3's 403 SignatureDoesNotMatch. PUT stores the object with its content type and cache control; HEAD
 * and GET read it back.
 */
export interface S3Stub {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string; cacheControl: string }>;
  /** Every request as it arrived, with whether its signature held. */
  requests: Array<{ method: string; path: string; signed: boolean }>;
  close(): Promise<void>;
}

export interface S3StubOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const awsEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

function signatureHolds(req: http.IncomingMessage, body: Buffer, o: S3StubOptions): boolean {
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return false;
  const [, keyId, day, region, signedList, signature] = m as unknown as string[];
  const stamp = String(req.headers['x-amz-date'] ?? '');
  const at = Date.parse(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
  );
  if (keyId !== o.accessKeyId || region !== o.region || stamp.slice(0, 8) !== day || !(Math.abs(Date.now() - at) < 15 * 60_000))
    return false;
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256(body)) return false;
  const signed = signedList!.split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date') || !signed.includes('x-amz-content-sha256')) return false;
  const url = new URL(req.url ?? '/', 'http://stub');
  const canonical = [
    req.method,
    url.pathname
      .split('/')
      .map((seg) => awsEncode(decodeURIComponent(seg)))
      .join('/'),
    [...url.searchParams]
      .map(([k, v]) => `${awsEncode(k)}=${awsEncode(v)}`)
      .sort()
      .join('&'),
    signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join(''),
    signedList,
    payloadHash,
  ].join('\n');
  const toSign = `AWS4-HMAC-SHA256\n${stamp}\n${day}/${region}/s3/aws4_request\n${sha256(canonical)}`;
  const key = hmac(hmac(hmac(hmac('AWS4' + o.secretAccessKey, day!), region!), 's3'), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', key).update(toSign).digest('hex'));
  const given = Buffer.from(signature!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function startS3Stub(options: S3StubOptions): Promise<S3Stub> {
  const objects: S3Stub['objects'] = new Map();
  const requests: S3Stub['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://stub').pathname;
      const signed = signatureHolds(req, body, options);
      requests.push({ method: req.method ?? '', path, signed });
      const xml = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
      };
      if (!signed) return xml(403, 'SignatureDoesNotMatch');
      const prefix = `/${options.bucket}/`;
      if (!path.startsWith(prefix)) return xml(404, 'NoSuchBucket');
      const key = decodeURIComponent(path.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          cacheControl: String(req.headers['cache-control'] ?? ''),
        });
        res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` });
        return res.end();
      }
      const object = objects.get(key);
      if (!object) return xml(404, 'NoSuchKey');
      res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
      res.end(req.method === 'HEAD' ? undefined : object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
