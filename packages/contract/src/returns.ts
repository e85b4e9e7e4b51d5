import { z } from 'zod';
import { bool, int, nullableNum, num } from './fields.js';
import { idParam } from './params.js';
import { returnPairShape } from './shapes.js';

/**
 * The live return of a box (issue 16 screen 3; docs/decisions/0033): the return its current odds version
 * declares, the return its last openings realised, and the band the realised return stays in when the odds
 * are what they say. Returns are ratios of the box price (0.9 = 90 %). The same figures go to the console
 * and to players on the box page.
 */

/** Openings counted by default, and the bounds an operator may choose from. */
export const RETURN_WINDOW_DEFAULT = 1_000;
export const RETURN_WINDOW_MIN = 10;
export const RETURN_WINDOW_MAX = 100_000;
/** Fewer openings than this never raise an alert: the normal approximation behind the band is too rough. */
export const RETURN_ALERT_MIN_OPENINGS = 30;
/** The alert band is the declared return ± 3 standard errors; the band shown to players is 95 % (± 1.96). */
export const RETURN_ALERT_Z = 3;
export const RETURN_BAND_Z = 1.96;

export const returnBandSchema = z.object({ low: num, high: num });
export type ReturnBand = z.infer<typeof returnBandSchema>;

export const liveReturnSchema = z.object({
  /** Openings counted: the last `window` of the current odds version, fewer when it has fewer. */
  openings: int,
  window: int,
  /**
   * Declared: Σ weight × today's recovery price / 100000 ÷ price, null when the box costs nothing: the box
   * page's 当前期望回报率 (decision 0061), not the figure fixed at publication. Realised: value won, each drop at
   * today's recovery price too, ÷ (openings × price), null without openings or price.
   */
  ...returnPairShape,
  /** Standard deviation of one opening's return under the declared odds. */
  openingSd: nullableNum,
  /** declared ± 1.96·sd/√openings, and ± 3·sd/√openings (the alert band); null without openings. */
  band95: returnBandSchema.nullable(),
  alertBand: returnBandSchema.nullable(),
  /** The realised return is outside the alert band, over at least `minOpenings` openings. */
  alert: bool,
  minOpenings: int,
  /** Recovery value of what the counted openings won, and what was paid for them (coupons and free boxes pay less). */
  wonFen: int,
  paidFen: int,
});
export type LiveReturn = z.infer<typeof liveReturnSchema>;

/** case/caseReturn: one box's live return, for its page (named like case/caseDetail, api-shapes §4). */
export const caseReturnParams = z.object({ caseId: idParam });
export const caseReturnSchema = liveReturnSchema.extend({
  caseId: int,
  priceFen: int,
  /** The odds version whose openings are counted. */
  version: int,
});
export type CaseReturn = z.infer<typeof caseReturnSchema>;
