import path from 'node:path';
import { z } from 'zod';
import type { ImageStore } from './image-store.js';
import { createLocalImageStore } from './image-store-local.js';
import { createS3ImageStore, type S3ImageStoreSettings } from './image-store-s3.js';

/**
 * The catalogue's image store and its fallback (issue 27 §4), read by config.ts with the rest of the
 * environment. Every variable is in .env.example and docs/DEPLOY.md ("Item images").
 */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const imageStoreEnvShape = {
  /** local (a directory, IMAGE_STORE_DIR) | s3 (Alibaba OSS, Tencent COS or any S3-compatible bucket). */
  IMAGE_STORE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['local', 's3']).default('local')),
  /** The local store's directory. Default: $DATA_DIR/img/images (what /img/images/* names). */
  IMAGE_STORE_DIR: optionalText,
  /** An image not in the store is redirected to IMAGE_UPSTREAM (true) or answered 404 (false: no foreign host ever). */
  IMAGE_FALLBACK: z.preprocess((v) => (v === '' ? undefined : v), flag.default(true)),
  IMAGE_S3_ENDPOINT: optionalText,
  IMAGE_S3_BUCKET: optionalText,
  IMAGE_S3_REGION: optionalText,
  IMAGE_S3_ACCESS_KEY_ID: optionalText,
  IMAGE_S3_SECRET_ACCESS_KEY: optionalText,
  /** Where browsers fetch stored images: the bucket's public domain or its CDN (https). */
  IMAGE_S3_PUBLIC_URL: optionalText,
  IMAGE_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'folders ending in "/", or empty')
    .default('images/'),
  IMAGE_S3_PATH_STYLE: z.preprocess((v) => (v === '' ? undefined : v), flag.default(false)),
  IMAGE_S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
};

type ImageEnv = z.infer<z.ZodObject<typeof imageStoreEnvShape>>;

export type ImageStoreSettings = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3ImageStoreSettings);

export interface ImageSettings {
  store: ImageStoreSettings;
  /** Redirect what the store lacks to the upstream (else 404). */
  fallback: boolean;
}

const isLoopback = (url: URL) => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
};

function httpsProblem(name: string, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name}: ${value} is not a URL`;
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url))) return null;
  return `${name}: ${value} must be https (plain http is accepted only to a loopback address)`;
}

export function readImageSettings(env: ImageEnv, dataDir: string): { settings: ImageSettings; problems: string[] } {
  const fallback = env.IMAGE_FALLBACK;
  const dir = path.resolve(env.IMAGE_STORE_DIR ?? path.join(dataDir, 'img', 'images'));
  if (env.IMAGE_STORE === 'local') return { settings: { store: { kind: 'local', dir }, fallback }, problems: [] };
  const required = {
    IMAGE_S3_ENDPOINT: env.IMAGE_S3_ENDPOINT,
    IMAGE_S3_BUCKET: env.IMAGE_S3_BUCKET,
    IMAGE_S3_REGION: env.IMAGE_S3_REGION,
    IMAGE_S3_ACCESS_KEY_ID: env.IMAGE_S3_ACCESS_KEY_ID,
    IMAGE_S3_SECRET_ACCESS_KEY: env.IMAGE_S3_SECRET_ACCESS_KEY,
    IMAGE_S3_PUBLIC_URL: env.IMAGE_S3_PUBLIC_URL,
  };
  const problems = Object.entries(required)
    .filter(([, v]) => v === undefined)
    .map(([name]) => `${name}: required with IMAGE_STORE=s3`);
  if (env.IMAGE_S3_ENDPOINT) problems.push(...[httpsProblem('IMAGE_S3_ENDPOINT', env.IMAGE_S3_ENDPOINT)].filter((p) => p !== null));
  if (env.IMAGE_S3_PUBLIC_URL) problems.push(...[httpsProblem('IMAGE_S3_PUBLIC_URL', env.IMAGE_S3_PUBLIC_URL)].filter((p) => p !== null));
  if (env.IMAGE_S3_BUCKET && !/^[a-z0-9][a-z0-9.-]{1,62}$/.test(env.IMAGE_S3_BUCKET))
    problems.push(`IMAGE_S3_BUCKET: ${env.IMAGE_S3_BUCKET} is not a bucket name (lower-case letters, digits, "-" and ".")`);
  if (problems.length > 0) return { settings: { store: { kind: 'local', dir }, fallback }, problems };
  return {
    settings: {
      fallback,
      store: {
        kind: 's3',
        endpoint: env.IMAGE_S3_ENDPOINT!.replace(/\/$/, ''),
        bucket: env.IMAGE_S3_BUCKET!,
        region: env.IMAGE_S3_REGION!,
        accessKeyId: env.IMAGE_S3_ACCESS_KEY_ID!,
        secretAccessKey: env.IMAGE_S3_SECRET_ACCESS_KEY!,
        publicUrl: env.IMAGE_S3_PUBLIC_URL!.replace(/\/$/, ''),
        prefix: env.IMAGE_S3_PREFIX,
        pathStyle: env.IMAGE_S3_PATH_STYLE,
        timeoutMs: env.IMAGE_S3_TIMEOUT_MS,
      },
    },
    problems: [],
  };
}

export function createImageStoreFor(settings: ImageStoreSettings): ImageStore {
  if (settings.kind === 'local') return createLocalImageStore(settings.dir);
  const { kind: _kind, ...s3 } = settings;
  return createS3ImageStore(s3);
}

/** The origins a page may load catalogue images from (the CSP's img-src besides the site itself). */
export function catalogueImageOrigins(settings: ImageSettings, upstream: string): string[] {
  const origins: string[] = [];
  if (settings.store.kind === 's3') origins.push(new URL(settings.store.publicUrl).origin);
  if (settings.fallback) origins.push(new URL(upstream).origin);
  return origins;
}
