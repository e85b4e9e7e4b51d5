import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { BANNER_IMAGE_MAX_BYTES, type AdminBannerImage } from '@skinfair/contract';
import { reencodeImage } from '../../../platform/images.js';

/** The carousel is at most this large on a wide screen; bigger pictures are scaled down, never up. */
const MAX_WIDTH = 1600;
const MAX_HEIGHT = 800;

/**
 * A banner picture as an operator uploads it (security.md: type read from the bytes, at most 2 MB):
 * decoded and re-encoded to WebP, so whatever the file carried besides pixels (scripts in an SVG or a
 * polyglot, metadata) does not survive, under a random name in the image directory (`/img/banners/…`,
 * served by the static image host). Files are never overwritten: a banner points at one for good.
 */
export async function storeBannerImage(imageDir: string, base64: string): Promise<AdminBannerImage> {
  const encoded = await reencodeImage(Buffer.from(base64, 'base64'), BANNER_IMAGE_MAX_BYTES, {
    width: MAX_WIDTH,
    height: MAX_HEIGHT,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const relative = `banners/${randomBytes(12).toString('hex')}.webp`;
  const file = path.join(imageDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, encoded.data, { flag: 'wx' });
  return { image: `/img/${relative}`, bytes: encoded.data.length, width: encoded.info.width, height: encoded.info.height };
}
