import { z } from 'zod';
import { bool, int, nullableInt, nullableText, text } from './fields.js';
import { pageSchema } from './envelope.js';
import { parseYuanToFen } from './money.js';
import { boolParam, idParam, intParam, noNul, pagingParams } from './params.js';
import { reasonParam } from './shared-params.js';
import { actingOperatorShape } from './shapes.js';

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
  id: int,
  name: text,
  /** The Steam market hash name; null when the shipped catalogue does not name the item. */
  marketHashName: nullableText,
  weaponName: text,
  category: text,
  rarity: text,
  grade: int,
  exterior: nullableText,
  statTrak: bool,
  image: nullableText,
  referencePriceFen: int,
  recoveryPriceFen: int,
  inShop: bool,
});
export type AdminCatalogItem = z.infer<typeof adminCatalogItemSchema>;
export const adminCatalogPage = pageSchema(adminCatalogItemSchema);

export const priceSources = ['manual', 'import'] as const;
/** An item's two prices before and after a change (fen). */
const priceChangeShape = { oldReferenceFen: int, newReferenceFen: int, oldRecoveryFen: int, newRecoveryFen: int };
export const priceHistorySchema = z.object({
  id: int,
  itemId: int,
  ...priceChangeShape,
  source: z.enum(priceSources),
  ...actingOperatorShape,
  /** The import it came from, or null. */
  importId: nullableText,
  reason: nullableText,
  at: text,
});
export type PriceHistoryEntry = z.infer<typeof priceHistorySchema>;

export const adminCatalogDetailSchema = adminCatalogItemSchema.extend({
  /** Enabled boxes whose current odds version holds the item. */
  boxCount: int,
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

/**
 * One enabled box whose live return a price change moves (decision 0061): returns in basis points of the box
 * price. The declared figure is fixed at publication; the live one is at today's recovery prices.
 */
export const boxReturnMoveSchema = z.object({
  boxId: int,
  name: text,
  priceFen: int,
  /** The published expected return ÷ price (发布时申报; fixed with the odds version). */
  declaredBp: int,
  /** The return at today's recovery prices (当前期望), and after the change. */
  liveBeforeBp: int,
  liveAfterBp: int,
  ceilingBp: int,
  aboveCeiling: bool,
  /** The change raises the live return above the ceiling: the change is refused (BOX_LIVE_RETURN_ABOVE_CEILING). */
  refused: bool,
  /** |after − before| passes the warning amount: the console asks for an explicit confirm. */
  moved: bool,
});
export type BoxReturnMove = z.infer<typeof boxReturnMoveSchema>;

/** What an item price edit would do, before it is made: GET /api/admin/items/priceEffect. */
export const adminItemPriceEffectParams = z.object({ id: idParam, priceFen: priceFenParam, shopPriceFen: priceFenParam.optional() });
export const itemPriceEffectSchema = z.object({
  itemId: int,
  name: text,
  ...priceChangeShape,
  recoveryRateBp: int,
  /** The item's shop line (enabled or not), or null when the shop does not list it. */
  shop: z
    .object({
      stockId: int,
      enabled: bool,
      oldPriceFen: int,
      newPriceFen: int,
      /** The shop's default for the new price: reference + 5 %, rounded up. */
      suggestedPriceFen: int,
    })
    .nullable(),
  /** What a copy acquired at today's price sells back for, before and after. */
  sellBack: z.object({ oldFen: int, newFen: int }),
  /** The new recovery price would pass the shop's price: the edit is refused as it stands. */
  breaksInvariant: bool,
  /** Enabled boxes whose current odds hold the item, each return in basis points of the box price. */
  boxes: z.array(boxReturnMoveSchema),
  /** A box whose live return moves by more than this (bp, either way) is a warning to confirm (issue 27 §11). */
  warnMoveBp: int,
});
export type ItemPriceEffect = z.infer<typeof itemPriceEffectSchema>;

export const itemImportFormats = ['csv', 'json'] as const;
/** The encodings a price list is read in: UTF-8 (with or without a BOM), else GB18030 (which holds GBK). */
export const itemImportEncodings = ['utf-8', 'gb18030'] as const;
export const adminItemImportPreviewParams = z
  .object({
    format: z.enum(itemImportFormats),
    /** The list as text (pasted); its size in bytes is checked on the server (ITEM_IMPORT_MAX_BYTES). */
    content: z.string().min(1).max(ITEM_IMPORT_MAX_BYTES).refine(noNul).optional(),
    /**
     * Or the file's bytes, base64: the server reads them as UTF-8 when they are valid UTF-8, else as GB18030,
     * so a CSV that Excel on Chinese Windows saved (GBK) imports as it is.
     */
    contentBase64: z
      .string()
      .min(1)
      .max(Math.ceil(ITEM_IMPORT_MAX_BYTES / 3) * 4)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/)
      .optional(),
  })
  .refine((p) => (p.content === undefined) !== (p.contentBase64 === undefined), {
    path: ['content'],
    message: '需要且只能有 content 或 contentBase64 之一',
  });

export const itemImportChangeSchema = z.object({
  /** The row's line in the CSV file (the header is line 1), or its 1-based position in the JSON array. */
  line: int,
  itemId: int,
  name: text,
  oldPriceFen: int,
  newPriceFen: int,
  oldRecoveryFen: int,
  newRecoveryFen: int,
  /** (new − old) / old in basis points, rounded toward zero. */
  changeBp: int,
  large: bool,
  /** Enabled boxes whose current version holds the item: their declared return moves with it. */
  boxCount: int,
  /** The item's shop line re-priced in the same apply, because the new recovery price passes it (decision 0051). */
  oldShopPriceFen: nullableInt,
  newShopPriceFen: nullableInt,
});
export type ItemImportChange = z.infer<typeof itemImportChangeSchema>;

export const itemImportProblemSchema = z.object({
  line: int,
  /** The market hash name or id as the file wrote it ('' when the row had none). */
  key: text,
  reason: text,
});
export type ItemImportProblem = z.infer<typeof itemImportProblemSchema>;

export const itemImportPreviewSchema = z.object({
  previewId: text,
  /** SHA-256 of the file's bytes (of the text's UTF-8 when pasted), hex: what `sha256sum` prints for the file. */
  fileHash: text,
  /** How the file was read (itemImportEncodings). */
  encoding: z.enum(itemImportEncodings),
  rows: int,
  changes: z.array(itemImportChangeSchema),
  unchanged: int,
  unknown: z.array(itemImportProblemSchema),
  invalid: z.array(itemImportProblemSchema),
  largeChanges: int,
  /** Distinct enabled boxes holding any changed item. */
  affectedBoxes: int,
  /** Those boxes' live returns before and after the whole import (decision 0061). */
  boxes: z.array(boxReturnMoveSchema),
  warnMoveBp: int,
  recoveryRateBp: int,
  expiresAt: text,
});
export type ItemImportPreview = z.infer<typeof itemImportPreviewSchema>;

export const adminItemImportApplyParams = z.object({
  previewId: z.string().regex(/^[a-f0-9]{32}$/),
});
export const itemImportApplySchema = z.object({ previewId: text, applied: int, fileHash: text });

export const recoveryRuleSchema = z.object({ rateBp: int, minBp: int, maxBp: int });
export type RecoveryRule = z.infer<typeof recoveryRuleSchema>;
export const adminRecoveryRuleParams = z.object({ rateBp: intParam(RECOVERY_RATE_MIN_BP, RECOVERY_RATE_MAX_BP), reason: reasonParam });

export const adminShopListParams = pagingParams.extend({
  search: shortText(80).optional(),
  /** -1 all, 0 disabled, 1 enabled. */
  enabled: intParam(-1, 1).default(-1),
});
export const adminShopStockSchema = z.object({
  id: int,
  itemId: int,
  name: text,
  image: nullableText,
  referencePriceFen: int,
  /** The line's price may not go below it (decision 0051). */
  recoveryPriceFen: int,
  priceFen: int,
  stock: int,
  enabled: bool,
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
