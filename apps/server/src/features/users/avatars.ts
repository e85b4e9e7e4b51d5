import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { reencodeImage } from '../../platform/images.js';

/** The built-in avatars of getHeadPicList: simple SVG badges written into the image directory at start. */
const PALETTE = [
  ['#ff8a00', '#e52e71'],
  ['#ed3838', '#7b1f1f'],
  ['#ab6afc', '#4b2a85'],
  ['#22c1c3', '#1d4e89'],
  ['#ffee51', '#c28b00'],
  ['#6da1ac', '#2c4a52'],
  ['#3ddc84', '#146c43'],
  ['#f78fb3', '#9b2c5b'],
  ['#5f9cff', '#22306b'],
  ['#ffb347', '#8a4b00'],
  ['#c0c0c0', '#3a3a3a'],
  ['#00e5ff', '#004e5a'],
] as const;

const svgAvatar = (from: string, to: string, n: number) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="128" height="128" rx="24" fill="url(#g)"/>
<circle cx="64" cy="64" r="30" fill="none" stroke="#fff" stroke-width="6" opacity=".9"/>
<path d="M64 22v24M64 82v24M22 64h24M82 64h24" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".9"/>
<text x="64" y="120" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#fff" opacity=".7">${n}</text>
</svg>`;

export const DEFAULT_AVATAR_DIR = 'avatars/default';

export function defaultAvatarPaths(): string[] {
  return PALETTE.map((_, i) => `/${DEFAULT_AVATAR_DIR}/${String(i + 1).padStart(2, '0')}.svg`);
}

export function ensureDefaultAvatars(imageDir: string): void {
  const dir = path.join(imageDir, DEFAULT_AVATAR_DIR);
  fs.mkdirSync(dir, { recursive: true });
  PALETTE.forEach(([from, to], i) => {
    const file = path.join(dir, `${String(i + 1).padStart(2, '0')}.svg`);
    if (!fs.existsSync(file)) fs.writeFileSync(file, svgAvatar(from, to, i + 1));
  });
}

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Uploaded avatars are decoded and re-encoded (256×256 WebP): whatever the file carried besides pixels
 * (scripts, metadata, polyglots) does not survive. The type is read from the bytes, not the name.
 */
export async function storeUploadedAvatar(imageDir: string, userId: number, bytes: Buffer): Promise<string> {
  const encoded = (await reencodeImage(bytes, AVATAR_MAX_BYTES, { width: 256, height: 256, fit: 'cover' })).data;
  const relative = `avatars/u/${userId}-${randomBytes(8).toString('hex')}.webp`;
  const file = path.join(imageDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, encoded);
  return `/${relative}`;
}
