import { RETURN_ALERT_MIN_OPENINGS, RETURN_ALERT_Z, RETURN_BAND_Z, type LiveReturn, type ReturnBand } from '@skinfair/contract';

/**
 * The statistics of the live return (issue 16 screen 3; docs/decisions/0033), for any game that has a
 * declared distribution of one play's return: boxes today, every game in issue 18. Returns are ratios of
 * what a play costs.
 */

/** The declared return of one play: its mean and variance (ratio and ratio²). */
export interface DeclaredReturn {
  mean: number;
  variance: number;
}

/** What the counted plays realised: how many, and the sum of their returns (ratio units). */
export interface RealisedReturn {
  plays: number;
  returnSum: number;
}

/**
 * The mean and variance of one draw from integer weights over values in fen, as a ratio of `priceFen`,
 * computed exactly in integers first: mean = Σw·v / (W·price) and variance = (W·Σw·v² − (Σw·v)²) /
 * (W·price)², whose numerator passes 2^53 for dear items (BigInt), and which this form keeps free of the
 * cancellation of E[v²] − E[v]². Null when the play costs nothing or there is nothing to draw.
 */
export function declaredFromOutcomes(outcomes: Array<{ weight: number; valueFen: number }>, priceFen: number): DeclaredReturn | null {
  if (priceFen <= 0) return null;
  let w = 0n;
  let s1 = 0n;
  let s2 = 0n;
  for (const o of outcomes) {
    const weight = BigInt(o.weight);
    const value = BigInt(o.valueFen);
    w += weight;
    s1 += weight * value;
    s2 += weight * value * value;
  }
  if (w === 0n) return null;
  const scale = w * BigInt(priceFen);
  return { mean: ratio(s1, scale), variance: ratio(w * s2 - s1 * s1, scale * scale) };
}

/** n / d as a double, exact to the double's precision even when both pass 2^53. */
function ratio(n: bigint, d: bigint): number {
  const whole = n / d;
  const rest = n - whole * d;
  // Scale the remainder down with the divisor so both fit a double before dividing.
  const shift = BigInt(Math.max(0, d.toString(2).length - 52));
  return Number(whole) + Number(rest >> shift) / Number(d >> shift);
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const band = (mean: number, halfWidth: number): ReturnBand => ({
  low: round6(Math.max(0, mean - halfWidth)),
  high: round6(mean + halfWidth),
});

export type ReturnFigures = Pick<
  LiveReturn,
  'declaredReturn' | 'realisedReturn' | 'openingSd' | 'band95' | 'alertBand' | 'alert' | 'minOpenings'
>;

/**
 * The realised return against the declared one: the mean of n plays has standard error sd/√n (the plays
 * are independent draws of one distribution), so the band is declared ± z·sd/√n. The alert is raised
 * outside ± 3 standard errors (a false alarm about 1 time in 370 per look) and only from
 * RETURN_ALERT_MIN_OPENINGS plays on, where the normal approximation is fair.
 */
export function compareReturn(declared: DeclaredReturn | null, realised: RealisedReturn): ReturnFigures {
  const base = { minOpenings: RETURN_ALERT_MIN_OPENINGS, alert: false };
  if (!declared)
    return {
      ...base,
      declaredReturn: null,
      realisedReturn: null,
      openingSd: null,
      band95: null,
      alertBand: null,
    };
  const sd = Math.sqrt(Math.max(0, declared.variance));
  const head = { ...base, declaredReturn: round6(declared.mean), openingSd: round6(sd) };
  if (realised.plays <= 0) return { ...head, realisedReturn: null, band95: null, alertBand: null };
  const mean = realised.returnSum / realised.plays;
  const stdError = sd / Math.sqrt(realised.plays);
  const alertHalf = RETURN_ALERT_Z * stdError;
  // A hair of tolerance: a box with a single drop has a zero-width band that float rounding must not leave.
  const outside = Math.abs(mean - declared.mean) > alertHalf + 1e-9 * Math.max(1, declared.mean);
  return {
    ...head,
    realisedReturn: round6(mean),
    band95: band(declared.mean, RETURN_BAND_Z * stdError),
    alertBand: band(declared.mean, alertHalf),
    alert: realised.plays >= RETURN_ALERT_MIN_OPENINGS && outside,
  };
}

/**
 * The declared figures of plays drawn from different distributions (issue 18: a dream's fee and target
 * vary from play to play; or openings under several odds versions): the plays-weighted mean return, and
 * the plays-weighted mean variance. Independent plays' variances add, so the standard error of the mean
 * of n plays is √(Σσᵢ²)/n = √(mean σ² / n): compareReturn given the pooled figures draws the exact band.
 */
export function poolDeclared(parts: Array<{ plays: number; declared: DeclaredReturn }>): DeclaredReturn | null {
  const plays = parts.reduce((n, p) => n + p.plays, 0);
  if (plays <= 0) return null;
  return {
    mean: parts.reduce((s, p) => s + p.plays * p.declared.mean, 0) / plays,
    variance: parts.reduce((s, p) => s + p.plays * p.declared.variance, 0) / plays,
  };
}
