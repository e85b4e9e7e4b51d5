import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { pieceCoverage, randomPieceShape, shapesLookAlike, type PieceShape } from './slider-shape.js';

export const SLIDER_WIDTH = 300;
export const SLIDER_HEIGHT = 160;
export const PIECE_SIZE = 52;

const W = SLIDER_WIDTH;
const H = SLIDER_HEIGHT;
const P = PIECE_SIZE;

/**
 * Texture randomness (noise, colours, shapes of the scene) comes from a fast generator with a fresh
 * secret seed per puzzle; everything that carries the answer (x, y, piece shapes) is drawn with
 * crypto.randomInt, so recovering the texture generator would reveal nothing about where the hole is.
 */
function textureRandom(): () => number {
  const seed = randomBytes(16);
  let a = seed.readUInt32LE(0);
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12);
  // sfc32
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

type Rand = () => number;
type Rgb = [number, number, number];

const between = (r: Rand, lo: number, hi: number) => lo + (hi - lo) * r();
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const smooth = (t: number) => t * t * (3 - 2 * t);

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** A few colours around one or two random hues: every puzzle has its own colour scheme. */
function palette(r: Rand): Rgb[] {
  const hue = r() * 360;
  const spread = between(r, 25, 160);
  return Array.from({ length: 5 }, (_, i) =>
    hsl((hue + (i % 2 === 0 ? 1 : -1) * spread * r() + 360) % 360, between(r, 0.25, 0.85), between(r, 0.2, 0.78)),
  );
}

/** Smooth value noise in [0, 1] with cells of `cell` pixels. */
function valueNoise(r: Rand, cell: number): (x: number, y: number) => number {
  const gw = Math.ceil(W / cell) + 2;
  const gh = Math.ceil(H / cell) + 2;
  const grid = Float32Array.from({ length: gw * gh }, () => r());
  return (x, y) => {
    const gx = x / cell;
    const gy = y / cell;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const tx = smooth(gx - x0);
    const ty = smooth(gy - y0);
    const o = y0 * gw + x0;
    const top = grid[o]! * (1 - tx) + grid[o + 1]! * tx;
    const bottom = grid[o + gw]! * (1 - tx) + grid[o + gw + 1]! * tx;
    return top * (1 - ty) + bottom * ty;
  };
}

function paletteAt(colours: Rgb[], t: number): Rgb {
  const pos = clamp01(t) * (colours.length - 1);
  const i = Math.min(Math.floor(pos), colours.length - 2);
  const f = pos - i;
  const a = colours[i]!;
  const b = colours[i + 1]!;
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

class Scene {
  readonly px = new Float32Array(W * H * 3);

  blend(x: number, y: number, c: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= W || y >= H) return;
    const o = (y * W + x) * 3;
    for (let i = 0; i < 3; i++) this.px[o + i] = this.px[o + i]! * (1 - alpha) + c[i]! * alpha;
  }

  scale(x: number, y: number, factor: number): void {
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const o = (y * W + x) * 3;
    for (let i = 0; i < 3; i++) this.px[o + i] = this.px[o + i]! * factor;
  }

  get(x: number, y: number): Rgb {
    const o = (Math.min(H - 1, Math.max(0, y)) * W + Math.min(W - 1, Math.max(0, x))) * 3;
    return [this.px[o]!, this.px[o + 1]!, this.px[o + 2]!];
  }
}

/** One of three ground styles: cloudy noise, a shaded gradient, or warped waves. */
function paintGround(scene: Scene, r: Rand, colours: Rgb[]): void {
  const style = Math.floor(r() * 3);
  const coarse = valueNoise(r, between(r, 30, 80));
  const fine = valueNoise(r, between(r, 8, 18));
  const angle = r() * Math.PI * 2;
  const period = between(r, 10, 34);
  const warp = between(r, 2, 8);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let t: number;
      if (style === 0) t = coarse(x, y) * 0.8 + fine(x, y) * 0.2;
      else if (style === 1) t = ((x * Math.cos(angle) + y * Math.sin(angle)) / W + 1) / 2 + (coarse(x, y) - 0.5) * 0.3;
      else t = 0.5 + 0.45 * Math.sin((x * Math.cos(angle) + y * Math.sin(angle)) / period + coarse(x, y) * warp);
      const c = paletteAt(colours, t);
      const o = (y * W + x) * 3;
      for (let i = 0; i < 3; i++) scene.px[o + i] = c[i]!;
    }
  }
}

/** Fraction of the pixel [x, x+1) inside [a, b): crisp but anti-aliased edges. */
const overlap = (x: number, a: number, b: number) => clamp01(Math.min(x + 1, b) - Math.max(x, a));

/**
 * Bars, boxes, discs and tilted slabs in the scheme's colours. Many have hard vertical edges of
 * higher contrast than a hole's soft rim, so "the strongest vertical edge" is rarely the hole.
 */
function paintShapes(scene: Scene, r: Rand, colours: Rgb[]): void {
  const count = 6 + Math.floor(r() * 9);
  for (let n = 0; n < count; n++) {
    const c = colours[Math.floor(r() * colours.length)]!;
    const shade: Rgb = [c[0] * between(r, 0.6, 1.3), c[1] * between(r, 0.6, 1.3), c[2] * between(r, 0.6, 1.3)];
    const alpha = between(r, 0.55, 1);
    const kind = n < 3 ? 0 : Math.floor(r() * 4);
    if (kind === 0 || kind === 1) {
      // kind 0: tall bar crossing much of the height; kind 1: any box
      const w = kind === 0 ? between(r, 4, 40) : between(r, 14, 90);
      const h = kind === 0 ? between(r, 70, H + 20) : between(r, 14, 80);
      const x0 = between(r, -10, W);
      const y0 = kind === 0 ? between(r, -20, H - h + 20) : between(r, -10, H);
      const gradient = between(r, -0.25, 0.25);
      for (let y = Math.max(0, Math.floor(y0)); y < Math.min(H, Math.ceil(y0 + h)); y++) {
        for (let x = Math.max(0, Math.floor(x0)); x < Math.min(W, Math.ceil(x0 + w)); x++) {
          const k = 1 + gradient * ((y - y0) / h - 0.5);
          scene.blend(x, y, [shade[0] * k, shade[1] * k, shade[2] * k], alpha * overlap(x, x0, x0 + w) * overlap(y, y0, y0 + h));
        }
      }
    } else if (kind === 2) {
      const cx = r() * W;
      const cy = r() * H;
      const rad = between(r, 8, 50);
      for (let y = Math.max(0, Math.floor(cy - rad - 1)); y < Math.min(H, cy + rad + 1); y++) {
        for (let x = Math.max(0, Math.floor(cx - rad - 1)); x < Math.min(W, cx + rad + 1); x++) {
          const cover = clamp01(rad - Math.hypot(x + 0.5 - cx, y + 0.5 - cy) + 0.5);
          scene.blend(x, y, shade, alpha * cover);
        }
      }
    } else {
      const cx = r() * W;
      const cy = r() * H;
      const hw = between(r, 6, 50);
      const hh = between(r, 4, 30);
      const a = between(r, -1.2, 1.2);
      const cos = Math.cos(a);
      const sin = Math.sin(a);
      const reach = Math.hypot(hw, hh) + 1;
      for (let y = Math.max(0, Math.floor(cy - reach)); y < Math.min(H, cy + reach); y++) {
        for (let x = Math.max(0, Math.floor(cx - reach)); x < Math.min(W, cx + reach); x++) {
          const dx = x + 0.5 - cx;
          const dy = y + 0.5 - cy;
          const u = Math.abs(dx * cos + dy * sin);
          const v = Math.abs(-dx * sin + dy * cos);
          scene.blend(x, y, shade, alpha * clamp01(hw - u + 0.5) * clamp01(hh - v + 0.5));
        }
      }
    }
  }
}

/** Soft dark patches: they look like holes to a darkness detector but are not piece-shaped. */
function paintShadows(scene: Scene, r: Rand, bandTop: number): void {
  const count = 1 + Math.floor(r() * 3);
  for (let n = 0; n < count; n++) {
    const cx = r() * W;
    const cy = bandTop + between(r, -10, P + 10);
    const rx = between(r, 14, 40);
    const ry = between(r, 10, 30);
    const depth = between(r, 0.2, 0.45);
    const feather = between(r, 2, 7);
    for (let y = Math.max(0, Math.floor(cy - ry - feather)); y < Math.min(H, cy + ry + feather); y++) {
      for (let x = Math.max(0, Math.floor(cx - rx - feather)); x < Math.min(W, cx + rx + feather); x++) {
        const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
        const inside = clamp01(((1 - d) * Math.min(rx, ry)) / feather + 0.5);
        scene.scale(x, y, 1 - depth * inside);
      }
    }
  }
}

/** Box blur of a P×P coverage map, radius 1. */
function blurCoverage(cover: Float32Array): Float32Array {
  const out = new Float32Array(P * P);
  for (let y = 0; y < P; y++) {
    for (let x = 0; x < P; x++) {
      let sum = 0;
      let n = 0;
      for (let j = -1; j <= 1; j++) {
        for (let i = -1; i <= 1; i++) {
          const xx = x + i;
          const yy = y + j;
          if (xx < 0 || yy < 0 || xx >= P || yy >= P) continue;
          sum += cover[yy * P + xx]!;
          n++;
        }
      }
      out[y * P + x] = sum / n;
    }
  }
  return out;
}

/** How much of the rim a pixel is on (0 far from the outline, about 1 on it), with its light side. */
const coverAt = (cover: Float32Array, x: number, y: number) => (x < 0 || y < 0 || x >= P || y >= P ? 0 : cover[y * P + x]!);

function rimAt(cover: Float32Array, x: number, y: number): { rim: number; lit: number } {
  const gx = coverAt(cover, x + 1, y) - coverAt(cover, x - 1, y);
  const gy = coverAt(cover, x, y + 1) - coverAt(cover, x, y - 1);
  const rim = clamp01(Math.hypot(gx, gy) * 1.6);
  // Light from the top left: the far side of a hole catches it, the near side is in shade.
  const lit = -(gx + gy) / (Math.abs(gx) + Math.abs(gy) + 1e-6);
  return { rim, lit };
}

/**
 * A hole, real or decoy: the inside is shaded by a random depth and flattened toward its mean colour
 * (so the piece's texture does not simply reappear there), the outline is a soft bevel whose brightness
 * varies from pixel to pixel and from hole to hole: no one exact colour to look for.
 */
function punchHole(scene: Scene, r: Rand, shape: PieceShape, left: number, top: number): void {
  const cover = pieceCoverage(shape);
  const soft = blurCoverage(cover);
  const depth = between(r, 0.28, 0.5);
  const flatten = between(r, 0.25, 0.6);
  const rimLight = between(r, 25, 70);
  const rimShade = between(r, 0.1, 0.3);
  let mr = 0;
  let mg = 0;
  let mb = 0;
  let weight = 0;
  for (let y = 0; y < P; y++) {
    for (let x = 0; x < P; x++) {
      const w = cover[y * P + x]!;
      if (w === 0) continue;
      const c = scene.get(left + x, top + y);
      mr += c[0] * w;
      mg += c[1] * w;
      mb += c[2] * w;
      weight += w;
    }
  }
  const mean: Rgb = [mr / Math.max(weight, 1), mg / Math.max(weight, 1), mb / Math.max(weight, 1)];
  for (let y = 0; y < P; y++) {
    for (let x = 0; x < P; x++) {
      const s = soft[y * P + x]!;
      if (s === 0) continue;
      const px = left + x;
      const py = top + y;
      const c = scene.get(px, py);
      const { rim, lit } = rimAt(soft, x, y);
      const wobble = between(r, 0.4, 1.4);
      const out: Rgb = [0, 0, 0];
      for (let i = 0; i < 3; i++) {
        const inner = (c[i]! * (1 - flatten) + mean[i]! * flatten) * (1 - depth);
        let v = c[i]! * (1 - s) + inner * s;
        v = lit > 0 ? v + rimLight * rim * lit * wobble : v * (1 - rimShade * rim * -lit * wobble);
        out[i] = v;
      }
      scene.blend(px, py, out, 1);
    }
  }
}

/** The piece: the scene under the real hole, with its own lit rim, noise and anti-aliased alpha. */
function cutPiece(scene: Scene, r: Rand, shape: PieceShape, left: number, top: number): Uint8Array {
  const cover = pieceCoverage(shape);
  const rimLight = between(r, 30, 80);
  const piece = new Uint8Array(P * P * 4);
  for (let y = 0; y < P; y++) {
    for (let x = 0; x < P; x++) {
      const a = cover[y * P + x]!;
      if (a === 0) continue;
      const c = scene.get(left + x, top + y);
      const { rim } = rimAt(cover, x, y);
      const o = (y * P + x) * 4;
      const lift = rimLight * rim * between(r, 0.5, 1.3);
      for (let i = 0; i < 3; i++) piece[o + i] = Math.round(Math.min(255, Math.max(0, c[i]! + lift + (r() - 0.5) * 10)));
      piece[o + 3] = Math.round(a * 255);
    }
  }
  return piece;
}

/** Independent noise per channel and pixel, last of all, so no painted colour survives exactly. */
function toBytes(scene: Scene, r: Rand): Uint8Array {
  const amount = between(r, 6, 14);
  const out = new Uint8Array(W * H * 3);
  for (let i = 0; i < out.length; i++) {
    const noise = (r() + r() - 1) * amount;
    out[i] = Math.round(Math.min(255, Math.max(0, scene.px[i]! + noise)));
  }
  return out;
}

/** Left edges of 1–2 decoy holes on the piece's row, clear of the real one and of each other. */
function decoyPositions(targetX: number): number[] {
  const wanted = randomInt(1, 3);
  const placed = [targetX];
  const decoys: number[] = [];
  for (let tries = 0; tries < 60 && decoys.length < wanted; tries++) {
    const x = randomInt(P + 6, W - P - 2);
    if (placed.every((p) => Math.abs(p - x) >= P + 2)) {
      placed.push(x);
      decoys.push(x);
    }
  }
  return decoys;
}

const toDataUrl = async (raw: Uint8Array, width: number, height: number, channels: 3 | 4) =>
  `data:image/png;base64,${(await sharp(raw, { raw: { width, height, channels } }).png().toBuffer()).toString('base64')}`;

export interface SliderPuzzle {
  targetX: number;
  pieceY: number;
  background: string;
  piece: string;
}

/**
 * Draws a new puzzle; the answer (targetX) never leaves the server. Each puzzle has its own colour
 * scheme, ground style, shapes, shadows, piece shape and 1–2 decoy holes of other shapes on the same
 * row, which a person tells apart from the real one by the piece's outline.
 */
export async function drawSliderPuzzle(): Promise<SliderPuzzle> {
  const r = textureRandom();
  const targetX = randomInt(P + 20, W - P - 4);
  const pieceY = randomInt(4, H - P - 4);
  const colours = palette(r);
  const scene = new Scene();
  paintGround(scene, r, colours);
  paintShapes(scene, r, colours);
  const shape = randomPieceShape();
  const piece = cutPiece(scene, r, shape, targetX, pieceY);
  paintShadows(scene, r, pieceY);
  for (const x of decoyPositions(targetX)) {
    let decoy = randomPieceShape();
    for (let i = 0; i < 20 && shapesLookAlike(decoy, shape); i++) decoy = randomPieceShape();
    punchHole(scene, r, decoy, x, pieceY);
  }
  punchHole(scene, r, shape, targetX, pieceY);
  return {
    targetX,
    pieceY,
    background: await toDataUrl(toBytes(scene, r), W, H, 3),
    piece: await toDataUrl(piece, P, P, 4),
  };
}
