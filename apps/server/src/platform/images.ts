import sharp from 'sharp';
import { AppError } from './errors.js';

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

/**
 * An uploaded picture (an avatar, a banner) decoded and re-encoded to WebP, resized as asked: whatever the
 * file carried besides pixels (scripts in an SVG or a polyglot, metadata) does not survive. The type is read
 * from the bytes, not the name (security.md); an empty or oversized file, another format, or pixels that do
 * not decode are refused as IMAGE_INVALID.
 */
export async function reencodeImage(
  bytes: Buffer,
  maxBytes: number,
  resize: sharp.ResizeOptions,
): Promise<{ data: Buffer; info: sharp.OutputInfo }> {
  if (bytes.length === 0 || bytes.length > maxBytes) throw new AppError('IMAGE_INVALID', `size ${bytes.length}`);
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { failOn: 'truncated' }).metadata()).format;
  } catch {
    throw new AppError('IMAGE_INVALID', 'undecodable');
  }
  if (!format || !ACCEPTED.has(format)) throw new AppError('IMAGE_INVALID', `format ${format}`);
  try {
    // The header can be sound while the pixels are not (a truncated or damaged file): decoding is the test.
    return await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'truncated' })
      .rotate()
      .resize(resize)
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new AppError('IMAGE_INVALID', `undecodable: ${err instanceof Error ? err.message.slice(0, 120) : 'unknown'}`);
  }
}
