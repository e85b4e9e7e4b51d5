#!/usr/bin/env node
// Draws the web app manifest's icons (issue 27 §9) from the favicon's art (apps/web/public/favicon.svg: an
// orange "S" stroke on the dark surface), with Node built-ins only. Run once; the PNGs are committed:
//   node scripts/draw-icons.mjs
// icon-192.png and icon-512.png keep the favicon's rounded square; icon-maskable-512.png fills the square
// and keeps the art inside the central 80 % circle a launcher's mask may leave (the maskable safe zone).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps/web/public/icons');
const SURFACE = [0x0f, 0x11, 0x17];
const ORANGE = [0xf9, 0x73, 0x16];

// favicon.svg's path "M9 21c0 2 2 3 6 3s7-1.5 7-4.5-3-4-7-4.5-6-1.5-6-4S11.5 7 15 7s6 1 6.5 3", in its
// 32-unit box, as absolute cubic segments (each s/S reflects the previous control point).
const CURVES = [
  [
    [9, 21],
    [9, 23],
    [11, 24],
    [15, 24],
  ],
  [
    [15, 24],
    [19, 24],
    [22, 22.5],
    [22, 19.5],
  ],
  [
    [22, 19.5],
    [22, 16.5],
    [19, 15.5],
    [15, 15],
  ],
  [
    [15, 15],
    [11, 14.5],
    [9, 13.5],
    [9, 11],
  ],
  [
    [9, 11],
    [9, 8.5],
    [11.5, 7],
    [15, 7],
  ],
  [
    [15, 7],
    [18.5, 7],
    [21, 8],
    [21.5, 10],
  ],
];
const STROKE = 3;

function polyline() {
  const points = [];
  for (const [p0, c1, c2, p1] of CURVES) {
    for (let i = 0; i <= 40; i++) {
      const t = i / 40;
      const u = 1 - t;
      const at = (k) => u * u * u * p0[k] + 3 * u * u * t * c1[k] + 3 * u * t * t * c2[k] + t * t * t * p1[k];
      points.push([at(0), at(1)]);
    }
  }
  return points;
}

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Signed distance to a rounded square of side `size` and corner radius `r` (negative inside). */
function roundedSquare(px, py, size, r) {
  const qx = Math.abs(px - size / 2) - (size / 2 - r);
  const qy = Math.abs(py - size / 2) - (size / 2 - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** RGBA pixels: the surface (rounded or full-bleed) with the stroke, the art scaled by `artScale` about the centre. */
function draw(size, { rounded, artScale }) {
  const line = polyline();
  const unit = (size / 32) * artScale;
  const offset = (size - 32 * unit) / 2;
  const half = (STROKE / 2) * unit;
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const back = rounded ? Math.max(0, Math.min(1, 0.5 - roundedSquare(px, py, size, (6 / 32) * size))) : 1;
      let d = Infinity;
      const ux = (px - offset) / unit;
      const uy = (py - offset) / unit;
      for (let i = 1; i < line.length; i++) d = Math.min(d, distanceToSegment(ux, uy, line[i - 1], line[i]));
      const ink = Math.max(0, Math.min(1, half + 0.5 - d * unit));
      const o = (y * size + x) * 4;
      for (let k = 0; k < 3; k++) pixels[o + k] = Math.round(SURFACE[k] * (1 - ink) + ORANGE[k] * ink);
      pixels[o + 3] = Math.round(255 * Math.max(back, ink * back));
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync(out, { recursive: true });
for (const [name, size, options] of [
  ['icon-192.png', 192, { rounded: true, artScale: 1 }],
  ['icon-512.png', 512, { rounded: true, artScale: 1 }],
  // The art spans about 15 of 32 units; at 0.75 it sits well inside the 80 % safe circle.
  ['icon-maskable-512.png', 512, { rounded: false, artScale: 0.75 }],
]) {
  fs.writeFileSync(path.join(out, name), png(size, draw(size, options)));
  console.log(`${name}: ${fs.statSync(path.join(out, name)).size} bytes`);
}
