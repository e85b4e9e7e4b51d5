import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { pageSchema } from './envelope.js';
import { boolParam, filterParam, idParam, intIdParam, intParam, noNul, pagingParams } from './params.js';
import { jsonArray } from './shared-params.js';
import { oddsVersionShape } from './shapes.js';

/**
 * The console's Boxes screen (issue 16 screen 2) over /api/admin/boxes/*. A box's odds are published
 * versions (PF v1 §5): the drop list's integer weights sum to exactly 100000, and publishing appends a new
 * version with its odds hash; rolls keep the version they used.
 */

/** The roll space: every version's weights sum to exactly this. */
export const DROP_WEIGHT_TOTAL = 100_000;
/** A drop list's length bound (the catalogue's biggest box has a few dozen drops). */
export const MAX_BOX_DROPS = 200;
/** Box prices in fen: 0.01 to 1,000,000 coins. */
const priceFenParam = intParam(1, 100_000_000);

export const boxDropInput = z.object({ itemId: idParam, weight: intParam(1, DROP_WEIGHT_TOTAL) });
export type BoxDropInput = z.infer<typeof boxDropInput>;

/**
 * Σ weight × recovery price / 100000, rounded down (what the catalogue publishes as the expected return),
 * and its ratio to the price in basis points (the catalogue's returnRateBp). The web previews with it.
 */
export function expectedReturnOf(drops: Array<{ weight: number; recoveryPriceFen: number }>) {
  return Math.floor(drops.reduce((sum, d) => sum + d.weight * d.recoveryPriceFen, 0) / DROP_WEIGHT_TOTAL);
}
export const returnRateBpOf = (expectedReturnFen: number, priceFen: number) =>
  priceFen > 0 ? Math.floor((expectedReturnFen * 10_000) / priceFen) : 0;

const boxName = z.string().trim().min(1).max(40).refine(noNul);
const boxImage = z.string().trim().max(500).refine(noNul);

export const adminBoxListParams = pagingParams.extend({
  search: z.string().trim().max(40).refine(noNul).optional(),
  themeId: filterParam.default(-1),
  /** -1 all, 0 disabled, 1 enabled. */
  enabled: filterParam.default(-1),
});

export const adminBoxSchema = z.object({
  id: int,
  name: text,
  image: nullableText,
  themeId: int,
  themeName: nullableText,
  /** 0 free (granted, never sold), 1 normal. */
  boxType: int,
  priceFen: int,
  enabled: bool,
  battleEligible: bool,
  ...oddsVersionShape,
  expectedReturnFen: int,
  returnRateBp: int,
});
export type AdminBox = z.infer<typeof adminBoxSchema>;
export const adminBoxPage = pageSchema(adminBoxSchema);

export const adminBoxDropSchema = z.object({
  itemId: int,
  name: text,
  image: nullableText,
  grade: int,
  recoveryPriceFen: int,
  weight: int,
  rollLow: int,
  rollHigh: int,
});
export type AdminBoxDrop = z.infer<typeof adminBoxDropSchema>;

export const adminBoxVersionSchema = z.object({ ...oddsVersionShape, expectedReturnFen: int, createdAt: text });

export const adminBoxDetailSchema = adminBoxSchema.extend({
  drops: z.array(adminBoxDropSchema),
  versions: z.array(adminBoxVersionSchema),
});
export type AdminBoxDetail = z.infer<typeof adminBoxDetailSchema>;

export const adminBoxIdParams = z.object({ id: idParam });

const dropsParam = jsonArray(z.array(boxDropInput).min(1).max(MAX_BOX_DROPS));

export const adminBoxCreateParams = z.object({
  name: boxName,
  image: boxImage.optional(),
  themeId: intIdParam,
  boxType: intParam(0, 1).default(1),
  priceFen: priceFenParam,
  enabled: boolParam.default(false),
  battleEligible: boolParam.default(true),
  drops: dropsParam,
});

/** Box settings; a field left out keeps its value. The odds change only through publish. */
export const adminBoxUpdateParams = z.object({
  id: idParam,
  name: boxName.optional(),
  image: boxImage.optional(),
  themeId: intIdParam.optional(),
  priceFen: priceFenParam.optional(),
  enabled: boolParam.optional(),
  battleEligible: boolParam.optional(),
});

export const adminBoxPublishParams = z.object({ id: idParam, drops: dropsParam, priceFen: priceFenParam.optional() });

export const adminBoxThemeSchema = z.object({
  id: int,
  name: text,
  boxType: int,
  /** Order on the home page's tabs, lowest first. */
  weight: int,
  /** Boxes in the theme (a theme with no enabled box is not shown to players). */
  boxCount: int,
});
/**
 * Create (no id) or edit a theme: the home page's tabs (boxType 1) or the free boxes' group (boxType 0).
 * Themes are never deleted: a roll's box keeps pointing at its theme; an empty theme is simply not shown.
 */
export const adminThemeSaveParams = z.object({
  id: intIdParam.optional(),
  name: z.string().trim().min(1).max(20).refine(noNul),
  boxType: intParam(0, 1).default(1),
  weight: intParam(0, 1_000_000).default(0),
});
export const adminBoxThemes = z.array(adminBoxThemeSchema);
export type AdminBoxTheme = z.infer<typeof adminBoxThemeSchema>;

export const adminItemSearchParams = pagingParams.extend({
  search: z.string().trim().max(60).refine(noNul).optional(),
});
export const adminItemSchema = z.object({
  id: int,
  name: text,
  image: nullableText,
  grade: int,
  referencePriceFen: int,
  recoveryPriceFen: int,
});
export type AdminItem = z.infer<typeof adminItemSchema>;
export const adminItemPage = pageSchema(adminItemSchema);
