import { randomInt } from 'node:crypto';
import sharp from 'sharp';

export const SLIDER_WIDTH = 300;
export const SLIDER_HEIGHT = 160;
export const PIECE_SIZE = 52;

/** Jigsaw piece inside a PIECE_SIZE box: a 44 px square with a tab on top and one on the right. */
function inPiece(x: number, y: number): boolean {
  const inSquare = x >= 0 && x < 44 && y >= 8 && y < 52;
  const topTab = (x - 22) ** 2 + (y - 8) ** 2 <= 64;
  const rightTab = (x - 44) ** 2 + (y - 30) ** 2 <= 64;
  return inSquare || topTab || rightTab;
}

function onPieceEdge(x: number, y: number): boolean {
  if (!inPiece(x, y)) return false;
  return !inPiece(x - 1, y) || !inPiece(x + 1, y) || !inPiece(x, y - 1) || !inPiece(x, y + 1);
}

/** A random colourful scene: a gradient, blobs and noise, so the hole cannot be found by a flat colour. */
function paintBackground(): Uint8Array {
  const pixels = new Uint8Array(SLIDER_WIDTH * SLIDER_HEIGHT * 3);
  const base = [randomInt(20, 90), randomInt(20, 90), randomInt(60, 140)];
  const blobs = Array.from({ length: 14 }, () => ({
    x: randomInt(0, SLIDER_WIDTH),
    y: randomInt(0, SLIDER_HEIGHT),
    r: randomInt(12, 48),
    c: [randomInt(40, 256), randomInt(40, 256), randomInt(40, 256)],
  }));
  for (let y = 0; y < SLIDER_HEIGHT; y++) {
    for (let x = 0; x < SLIDER_WIDTH; x++) {
      const rgb = base.map((v, i) => v + ((i === 0 ? x : y) * 60) / SLIDER_WIDTH);
      for (const b of blobs) {
        const d = Math.hypot(x - b.x, y - b.y);
        if (d < b.r) for (let i = 0; i < 3; i++) rgb[i] = rgb[i]! * 0.35 + b.c[i]! * 0.65;
      }
      const noise = randomInt(-14, 15);
      const o = (y * SLIDER_WIDTH + x) * 3;
      for (let i = 0; i < 3; i++) pixels[o + i] = Math.max(0, Math.min(255, Math.round(rgb[i]! + noise)));
    }
  }
  return pixels;
}

function cutPiece(scene: Uint8Array, left: number, top: number): Uint8Array {
  const piece = new Uint8Array(PIECE_SIZE * PIECE_SIZE * 4);
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      if (!inPiece(x, y)) continue;
      const s = ((top + y) * SLIDER_WIDTH + left + x) * 3;
      const o = (y * PIECE_SIZE + x) * 4;
      const edge = onPieceEdge(x, y);
      for (let i = 0; i < 3; i++) piece[o + i] = edge ? 255 : scene[s + i]!;
      piece[o + 3] = 255;
    }
  }
  return piece;
}

function punchHole(scene: Uint8Array, left: number, top: number): void {
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      if (!inPiece(x, y)) continue;
      const o = ((top + y) * SLIDER_WIDTH + left + x) * 3;
      const edge = onPieceEdge(x, y);
      for (let i = 0; i < 3; i++) scene[o + i] = edge ? 230 : Math.round(scene[o + i]! * 0.35);
    }
  }
}

const toDataUrl = async (raw: Uint8Array, width: number, height: number, channels: 3 | 4) =>
  `data:image/png;base64,${(await sharp(raw, { raw: { width, height, channels } }).png().toBuffer()).toString('base64')}`;

/** Draws a new puzzle; the answer (targetX) never leaves the server. */
export async function drawSliderPuzzle(): Promise<{ targetX: number; pieceY: number; background: string; piece: string }> {
  const targetX = randomInt(PIECE_SIZE + 20, SLIDER_WIDTH - PIECE_SIZE - 4);
  const pieceY = randomInt(4, SLIDER_HEIGHT - PIECE_SIZE - 4);
  const scene = paintBackground();
  const piece = cutPiece(scene, targetX, pieceY);
  punchHole(scene, targetX, pieceY);
  return {
    targetX,
    pieceY,
    background: await toDataUrl(scene, SLIDER_WIDTH, SLIDER_HEIGHT, 3),
    piece: await toDataUrl(piece, PIECE_SIZE, PIECE_SIZE, 4),
  };
}
