export interface PricedDrop {
  itemId: number;
  weight: number;
  recoveryPriceFen: number;
}

/**
 * Splits each tier's integer weight evenly among its items, giving the remainder to the first ones, then
 * scales so the whole box sums to exactly 100000 (PF v1 §5).
 */
export function splitTier<T>(tiers: Array<[T[], number]>): Array<T & { weight: number }> {
  const total = tiers.reduce((s, [, w]) => s + w, 0);
  const scaled = tiers.map(([list, w]) => [list, Math.floor((w * 100_000) / total)] as const);
  const drift = 100_000 - scaled.reduce((s, [, w]) => s + w, 0);
  const out: Array<T & { weight: number }> = [];
  scaled.forEach(([list, w], t) => {
    const tierWeight = w + (t === 0 ? drift : 0);
    const base = Math.floor(tierWeight / list.length);
    list.forEach((item, i) => out.push({ ...item, weight: base + (i < tierWeight % list.length ? 1 : 0) }));
  });
  return out.filter((d) => d.weight > 0);
}

/** Weights falling with price (∝ price^-1.1), at least 1 each, summing to exactly 100000. */
export function boxWeights<T extends { priceFen: number }>(drops: T[]): Array<T & { weight: number }> {
  const raw = drops.map((d) => 1 / Math.pow(Math.max(d.priceFen, 1), 1.1));
  const sum = raw.reduce((a, b) => a + b, 0);
  const weights = raw.map((r) => Math.max(1, Math.floor((r / sum) * 100_000)));
  const drift = 100_000 - weights.reduce((a, b) => a + b, 0);
  const heaviest = weights.indexOf(Math.max(...weights));
  weights[heaviest]! += drift;
  return drops.map((d, i) => ({ ...d, weight: weights[i]! }));
}

/** The price at which the box returns `returnBp` of it on average, rounded up to 10 fen. */
export function priceForReturn(drops: PricedDrop[], returnBp: number): number {
  const expectedReturn = drops.reduce((sum, d) => sum + d.weight * d.recoveryPriceFen, 0) / 100_000;
  return Math.max(10, Math.ceil((expectedReturn * 10_000) / returnBp / 10) * 10);
}
