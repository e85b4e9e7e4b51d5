import { z } from 'zod';
import { pageSchema } from './envelope.js';
import { parseYuanToFen } from './money.js';
import { boolParam, idParam, intParam, noNul, pagingParams } from './params.js';

/**
 * The console's Items and prices screen (issue 16 screen 4) over /api/admin/items/*: the catalogue, one
 * item's price, price-list imports (preview, then apply exactly what was previewed), price history, the
 * recovery price rule and the shop's stock. Every price is integer fen.
 *
 * An item has two prices: the reference price (the market price an import or an edit sets) and the
 * recovery price (what a swap pays and what a box's expected return is computed from). The recovery rule
 * derives the second from the first: recovery = floor(reference × rateBp / 10000), applied whenever a
 * price is set (docs/OPERATIONS.md, "Items and prices").
 */

/** Prices in fen: 0.01 to 10,000,000 coins (a bigint column; far above any real skin). */
export const ITEM_PRICE_MAX_FEN = 1_000_000_000;
/** An import: at most this many data rows and this many bytes of UTF-8 text. */
export const ITEM_IMPORT_MAX_ROWS = 5_000;
export const ITEM_IMPORT_MAX_BYTES = 1_000_000;
/** A change of more than this (in basis points of the old price, either way) is flagged in the preview. */
export const ITEM_IMPORT_LARGE_CHANGE_BP = 5_000;
/** A preview can be applied for this long, by the operator who made it. */
export const ITEM_IMPORT_PREVIEW_MINUTES = 30;
/** The recovery rate's bounds, in basis points of the reference price (50 %–100 %). */
export const RECOVERY_RATE_MIN_BP = 5_000;
export const RECOVERY_RATE_MAX_BP = 10_000;

/** recovery = floor(reference × rate / 10000): the house never pays back more than the rule says. */
export const recoveryPriceOf = (referencePriceFen: number, rateBp: number) => Math.floor((referencePriceFen * rateBp) / 10_000);

/**
 * A price written in yuan, as a price list writes it: digits with at most two decimals ("12", "12.5",
 * "12.34"), turned into exact integer fen without ever going through a float (money.ts parseYuanToFen,
 * here without surrounding blanks). Null when it is not one.
 */
export const yuanToFen = (text: string): number | null => (text === text.trim() ? parseYuanToFen(text) : null);

const reasonParam = z.string().trim().min(2, { error: '请填写原因（至少2个字）' }).max(200, { error: '原因不超过200字' }).refine(noNul);
const priceFenParam = intParam(1, ITEM_PRICE_MAX_FEN);
const optionalPriceFilter = intParam(0, ITEM_PRICE_MAX_FEN).optional();
const shortText = (max: number) => z.string().trim().max(max).refine(noNul);

export const adminCatalogListParams = pagingParams.extend({
  /** An item id, or part of its Chinese name or of its market hash name. */
  search: shortText(80).optional(),
  /** knife, gloves, rifle, … ('' all). */
  category: shortText(20).optional(),
  /** Part of the weapon's name (AK-47, 刺刀). */
  weapon: shortText(40).optional(),
  rarity: shortText(20).optional(),
  /** -1 all, 0 not in the shop, 1 in the shop. */
  inShop: intParam(-1, 1).default(-1),
  priceMinFen: optionalPriceFilter,
  priceMaxFen: optionalPriceFilter,
});

export const adminCatalogItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The Steam market hash name; null when the shipped catalogue does not name the item. */
  marketHashName: z.string().nullable(),
  weaponName: z.string(),
  category: z.string(),
  rarity: z.string(),
  grade: z.number().int(),
  exterior: z.string().nullable(),
  statTrak: z.boolean(),
  image: z.string().nullable(),
  referencePriceFen: z.number().int(),
  recoveryPriceFen: z.number().int(),
  inShop: z.boolean(),
});
export type AdminCatalogItem = z.infer<typeof adminCatalogItemSchema>;
export const adminCatalogPage = pageSchema(adminCatalogItemSchema);

export const priceSources = ['manual', 'import'] as const;
export const priceHistorySchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  oldReferenceFen: z.number().int(),
  newReferenceFen: z.number().int(),
  oldRecoveryFen: z.number().int(),
  newRecoveryFen: z.number().int(),
  source: z.enum(priceSources),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  /** The import it came from, or null. */
  importId: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type PriceHistoryEntry = z.infer<typeof priceHistorySchema>;

export const adminCatalogDetailSchema = adminCatalogItemSchema.extend({
  /** Enabled boxes whose current odds version holds the item. */
  boxCount: z.number().int(),
  history: z.array(priceHistorySchema),
});
export type AdminCatalogDetail = z.infer<typeof adminCatalogDetailSchema>;

export const adminCatalogIdParams = z.object({ id: idParam });

export const adminItemPriceParams = z.object({
  id: idParam,
  /** The new reference price; the recovery price follows the rule. */
  priceFen: priceFenParam,
  /**
   * The item's shop line's price, written in the same change (decision 0051); left out, the line keeps its
   * price. Needed when the new recovery price would pass the line's price: the edit is refused otherwise.
   */
  shopPriceFen: priceFenParam.optional(),
  reason: reasonParam,
});

/**
 * Decision 0051 (issue 30 §2): a player never sells an item back for more than the shop charges for it at
 * that moment. A backpack copy sells back at the lower of its own value (the recovery price when it entered
 * the backpack) and the price of the item's shop line, when the shop lists the item; an item the shop does
 * not list sells back at its own value.
 */
export const sellBackFenOf = (valueFen: number, shopPriceFen: number | null) =>
  shopPriceFen === null ? valueFen : Math.min(valueFen, shopPriceFen);

/** What an item price edit would do, before it is made: GET /api/admin/items/priceEffect. */
export const adminItemPriceEffectParams = z.object({
  id: idParam,
  priceFen: priceFenParam,
  shopPriceFen: priceFenParam.optional(),
});
export const itemPriceEffectSchema = z.object({
  itemId: z.number().int(),
  name: z.string(),
  oldReferenceFen: z.number().int(),
  newReferenceFen: z.number().int(),
  oldRecoveryFen: z.number().int(),
  newRecoveryFen: z.number().int(),
  recoveryRateBp: z.number().int(),
  /** The item's shop line (enabled or not), or null when the shop does not list it. */
  shop: z
    .object({
      stockId: z.number().int(),
      enabled: z.boolean(),
      oldPriceFen: z.number().int(),
      newPriceFen: z.number().int(),
      /** The shop's default for the new price: reference + 5 %, rounded up. */
      suggestedPriceFen: z.number().int(),
    })
    .nullable(),
  /** What a copy acquired at today's price sells back for, before and after. */
  sellBack: z.object({ oldFen: z.number().int(), newFen: z.number().int() }),
  /** The new recovery price would pass the shop's price: the edit is refused as it stands. */
  breaksInvariant: z.boolean(),
  /** Enabled boxes whose current odds hold the item, each return in basis points of the box price. */
  boxes: z.array(
    z.object({
      boxId: z.number().int(),
      name: z.string(),
      priceFen: z.number().int(),
      /** The published expected return ÷ price (what the box page declares; fixed at publication). */
      declaredBp: z.number().int(),
      /** The return at today's recovery prices, and after the change. */
      liveBeforeBp: z.number().int(),
      liveAfterBp: z.number().int(),
      ceilingBp: z.number().int(),
      aboveCeiling: z.boolean(),
    }),
  ),
});
export type ItemPriceEffect = z.infer<typeof itemPriceEffectSchema>;

export const itemImportFormats = ['csv', 'json'] as const;
export const adminItemImportPreviewParams = z.object({
  format: z.enum(itemImportFormats),
  /** The file's text; its size in bytes is checked on the server (ITEM_IMPORT_MAX_BYTES). */
  content: z.string().min(1).max(ITEM_IMPORT_MAX_BYTES).refine(noNul),
});

export const itemImportChangeSchema = z.object({
  /** The row's line in the CSV file (the header is line 1), or its 1-based position in the JSON array. */
  line: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  oldPriceFen: z.number().int(),
  newPriceFen: z.number().int(),
  oldRecoveryFen: z.number().int(),
  newRecoveryFen: z.number().int(),
  /** (new − old) / old in basis points, rounded toward zero. */
  changeBp: z.number().int(),
  large: z.boolean(),
  /** Enabled boxes whose current version holds the item: their declared return moves with it. */
  boxCount: z.number().int(),
  /** The item's shop line re-priced in the same apply, because the new recovery price passes it (decision 0051). */
  oldShopPriceFen: z.number().int().nullable(),
  newShopPriceFen: z.number().int().nullable(),
});
export type ItemImportChange = z.infer<typeof itemImportChangeSchema>;

export const itemImportProblemSchema = z.object({
  line: z.number().int(),
  /** The market hash name or id as the file wrote it ('' when the row had none). */
  key: z.string(),
  reason: z.string(),
});
export type ItemImportProblem = z.infer<typeof itemImportProblemSchema>;

export const itemImportPreviewSchema = z.object({
  previewId: z.string(),
  /** SHA-256 of the file's text, hex. */
  fileHash: z.string(),
  rows: z.number().int(),
  changes: z.array(itemImportChangeSchema),
  unchanged: z.number().int(),
  unknown: z.array(itemImportProblemSchema),
  invalid: z.array(itemImportProblemSchema),
  largeChanges: z.number().int(),
  /** Distinct enabled boxes holding any changed item. */
  affectedBoxes: z.number().int(),
  recoveryRateBp: z.number().int(),
  expiresAt: z.string(),
});
export type ItemImportPreview = z.infer<typeof itemImportPreviewSchema>;

export const adminItemImportApplyParams = z.object({
  previewId: z.string().regex(/^[a-f0-9]{32}$/),
});
export const itemImportApplySchema = z.object({
  previewId: z.string(),
  applied: z.number().int(),
  fileHash: z.string(),
});

export const recoveryRuleSchema = z.object({
  rateBp: z.number().int(),
  minBp: z.number().int(),
  maxBp: z.number().int(),
});
export type RecoveryRule = z.infer<typeof recoveryRuleSchema>;
export const adminRecoveryRuleParams = z.object({
  rateBp: intParam(RECOVERY_RATE_MIN_BP, RECOVERY_RATE_MAX_BP),
  reason: reasonParam,
});

export const adminShopListParams = pagingParams.extend({
  search: shortText(80).optional(),
  /** -1 all, 0 disabled, 1 enabled. */
  enabled: intParam(-1, 1).default(-1),
});
export const adminShopStockSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  referencePriceFen: z.number().int(),
  /** The line's price may not go below it (decision 0051). */
  recoveryPriceFen: z.number().int(),
  priceFen: z.number().int(),
  stock: z.number().int(),
  enabled: z.boolean(),
});
export type AdminShopStock = z.infer<typeof adminShopStockSchema>;
export const adminShopPage = pageSchema(adminShopStockSchema);

/** Stock counts fit the integer column. */
const stockParam = intParam(0, 1_000_000);
export const adminShopUpdateParams = z.object({
  id: idParam,
  stock: stockParam.optional(),
  enabled: boolParam.optional(),
  priceFen: priceFenParam.optional(),
});
export const adminShopAddParams = z.object({
  itemId: idParam,
  stock: stockParam,
  /** Left out: the reference price + 5 %, rounded up (decisions/0010). */
  priceFen: priceFenParam.optional(),
  enabled: boolParam.default(true),
});

/** The shop's default price of an item: reference + 5 %, rounded up to the fen (decisions/0010). */
export const shopPriceOf = (referencePriceFen: number) => Math.ceil((referencePriceFen * 105) / 100);
