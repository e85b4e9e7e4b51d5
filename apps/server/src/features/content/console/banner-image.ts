import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { BANNER_IMAGE_MAX_BYTES, type AdminBannerImage } from '@skinfair/contract';
import { AppError } from '../../../platform/errors.js';

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
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
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > BANNER_IMAGE_MAX_BYTES) throw new AppError('IMAGE_INVALID', `size ${bytes.length}`);
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { failOn: 'truncated' }).metadata()).format;
  } catch {
    throw new AppError('IMAGE_INVALID', 'undecodable');
  }
  if (!format || !ACCEPTED.has(format)) throw new AppError('IMAGE_INVALID', `format ${format}`);
  let encoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    encoded = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'truncated' })
      .rotate()
      .resize(MAX_WIDTH, MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new AppError('IMAGE_INVALID', `undecodable: ${err instanceof Error ? err.message.slice(0, 120) : 'unknown'}`);
  }
  const relative = `banners/${randomBytes(12).toString('hex')}.webp`;
  const file = path.join(imageDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, encoded.data, { flag: 'wx' });
  return { image: `/img/${relative}`, bytes: encoded.data.length, width: encoded.info.width, height: encoded.info.height };
}
