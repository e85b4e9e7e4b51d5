/**
 * Where the catalogue's images live once mirrored (issue 27 §4): a local directory, or a bucket of
 * S3-compatible object storage (Alibaba OSS, Tencent COS). An image is named by its file name, as the
 * catalogue names it under `/images/` (content-hashed, so a stored image never changes).
 */
export interface ImageStoreBase {
  /** Whether the image is stored (object storage: a HEAD). */
  has(name: string): Promise<boolean>;
  /** Stores the bytes under the name, replacing what was there. */
  put(name: string, bytes: Buffer): Promise<void>;
}

export interface LocalImageStore extends ImageStoreBase {
  kind: 'local';
  /** The file of an image (it may not exist). */
  filePath(name: string): string;
}

export interface S3ImageStore extends ImageStoreBase {
  kind: 's3';
  /** Where a browser fetches the image: the bucket's public address or a CDN in front of it. */
  publicUrl(name: string): string;
}

export type ImageStore = LocalImageStore | S3ImageStore;

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

/**
 * The content type of an image name, or null for a name the store does not take: one path segment of
 * safe characters with a raster extension (never SVG: an SVG opened on its own runs scripts on our origin).
 */
export function imageContentType(name: string): string | null {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(name) || name.includes('..')) return null;
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? null;
}

/** `/images/abc.webp` or `images/abc.webp` (how the catalogue stores a path) → `abc.webp`; null for anything else. */
export function catalogueImageName(value: string | null | undefined): string | null {
  const m = /^\/?images\/([^/]+)$/.exec(value ?? '');
  return m?.[1] && imageContentType(m[1]) ? m[1] : null;
}
