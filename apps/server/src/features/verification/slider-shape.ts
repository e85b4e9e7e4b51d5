import { randomInt } from 'node:crypto';

/** The piece's box is always PIECE_SIZE square; the shape inside it varies. */
const BOX = 52;

/** Per side: a tab sticking out, a blank cut in, or flat. */
export type Side = 'tab' | 'blank' | 'flat';

export interface PieceShape {
  /** top, right, bottom, left */
  sides: [Side, Side, Side, Side];
  /** Side of the square body, centred in the box. */
  body: number;
  radius: number;
  /** Where along each side its tab or blank sits, 0.35–0.65 of the way. */
  offsets: [number, number, number, number];
}

const SIDES: Side[] = ['tab', 'blank', 'flat'];

/** A random jigsaw piece with at least two shaped sides (so its outline is recognisable). */
export function randomPieceShape(): PieceShape {
  let sides: [Side, Side, Side, Side];
  do {
    sides = [0, 1, 2, 3].map(() => SIDES[randomInt(0, 3)]!) as [Side, Side, Side, Side];
  } while (sides.filter((s) => s !== 'flat').length < 2);
  const offsets = [0, 1, 2, 3].map(() => 0.35 + randomInt(0, 31) / 100) as [number, number, number, number];
  return { sides, body: randomInt(30, 33), radius: 5.5 + randomInt(0, 11) / 10, offsets };
}

/** Two shapes a person could confuse: the same side pattern. */
export const shapesLookAlike = (a: PieceShape, b: PieceShape) => a.sides.filter((s, i) => s !== b.sides[i]).length < 2;

/** The shape as a point test; each side's knob has its centre half a radius beyond (tab) or inside (blank) the edge. */
function insideTest(shape: PieceShape): (x: number, y: number) => boolean {
  const lo = (BOX - shape.body) / 2;
  const hi = lo + shape.body;
  const r = shape.radius;
  const edges: Array<[number, number, number, number]> = [
    [lo + shape.body * shape.offsets[0], lo, 0, -1],
    [hi, lo + shape.body * shape.offsets[1], 1, 0],
    [lo + shape.body * shape.offsets[2], hi, 0, 1],
    [lo, lo + shape.body * shape.offsets[3], -1, 0],
  ];
  const knobs = edges.flatMap(([ex, ey, nx, ny], i) => {
    const side = shape.sides[i]!;
    if (side === 'flat') return [];
    const sign = side === 'tab' ? 1 : -1;
    return [{ cx: ex + nx * r * 0.5 * sign, cy: ey + ny * r * 0.5 * sign, tab: side === 'tab' }];
  });
  return (x, y) => {
    let hit = x >= lo && x < hi && y >= lo && y < hi;
    for (const k of knobs) if ((x - k.cx) ** 2 + (y - k.cy) ** 2 <= r * r) hit = k.tab;
    return hit;
  };
}

/** Coverage of each pixel of the BOX×BOX square by the shape (4×4 samples per pixel). */
export function pieceCoverage(shape: PieceShape): Float32Array {
  const inside = insideTest(shape);
  const cover = new Float32Array(BOX * BOX);
  for (let y = 0; y < BOX; y++) {
    for (let x = 0; x < BOX; x++) {
      let n = 0;
      for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) if (inside(x + (i + 0.5) / 4, y + (j + 0.5) / 4)) n++;
      cover[y * BOX + x] = n / 16;
    }
  }
  return cover;
}
