import sharp from 'sharp';

/**
 * The simple solvers that beat the first slider (issue 9, item 2). Both read only what a client gets:
 * the background, the piece and the piece's row. They succeeded on nearly every puzzle of the old
 * drawing (one exact outline colour around a hard-edged dark hole); the tests prove they no longer do.
 */

interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

async function decode(dataUrl: string): Promise<Raw> {
  const { data, info } = await sharp(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** The piece's opaque columns: where its outline starts and ends inside its box. */
async function pieceExtent(piece: string): Promise<{ left: number; right: number }> {
  const img = await decode(piece);
  let left = img.width;
  let right = -1;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[(y * img.width + x) * img.channels + 3]! > 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return { left, right };
}

/**
 * "Find the outline colour": the exact RGB value that occurs most often on the piece's row is taken
 * for the painted outline; the leftmost column holding many pixels of it is the hole's left edge.
 */
export async function exactColourSolver(puzzle: { background: string; piece: string; pieceY: number; pieceSize: number }): Promise<number> {
  const img = await decode(puzzle.background);
  const top = puzzle.pieceY;
  const bottom = Math.min(img.height, top + puzzle.pieceSize);
  const counts = new Map<number, number>();
  const colourAt = (x: number, y: number) => {
    const o = (y * img.width + x) * img.channels;
    return (img.data[o]! << 16) | (img.data[o + 1]! << 8) | img.data[o + 2]!;
  };
  for (let y = top; y < bottom; y++) for (let x = 0; x < img.width; x++) counts.set(colourAt(x, y), (counts.get(colourAt(x, y)) ?? 0) + 1);
  const outline = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  const perColumn = Array.from({ length: img.width }, (_, x) => {
    let n = 0;
    for (let y = top; y < bottom; y++) if (colourAt(x, y) === outline) n++;
    return n;
  });
  const best = Math.max(...perColumn.slice(puzzle.pieceSize));
  const { left } = await pieceExtent(puzzle.piece);
  const edge = perColumn.findIndex((n, x) => x >= puzzle.pieceSize && n >= best / 2);
  return edge - left;
}

/**
 * "Find the strongest vertical edge": on the piece's row, the column whose brightness jumps most from
 * its left neighbour (summed down the row) is the hole's left edge.
 */
export async function strongestEdgeSolver(puzzle: {
  background: string;
  piece: string;
  pieceY: number;
  pieceSize: number;
}): Promise<number> {
  const img = await decode(puzzle.background);
  const luma = (x: number, y: number) => {
    const o = (y * img.width + x) * img.channels;
    return 0.299 * img.data[o]! + 0.587 * img.data[o + 1]! + 0.114 * img.data[o + 2]!;
  };
  const top = puzzle.pieceY;
  const bottom = Math.min(img.height, top + puzzle.pieceSize);
  const { left } = await pieceExtent(puzzle.piece);
  let bestX = 0;
  let bestScore = -1;
  for (let x = puzzle.pieceSize; x < img.width - puzzle.pieceSize / 2; x++) {
    let score = 0;
    for (let y = top; y < bottom; y++) score += Math.abs(luma(x, y) - luma(x - 1, y));
    if (score > bestScore) {
      bestScore = score;
      bestX = x;
    }
  }
  return bestX - left;
}

/** The old attack's drag: big equal steps, then small equal steps onto the target, at a fixed rate. */
export function twoStepTrail(x: number): string {
  const points: Array<[number, number, number]> = [[0, 0, 0]];
  let at = 0;
  let t = 0;
  while (at < x) {
    at = Math.min(x, at + (x - at > 20 ? 10 : 2));
    t += 20;
    points.push([at, 0, t]);
  }
  return JSON.stringify(points);
}
