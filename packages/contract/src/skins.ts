import { z } from 'zod';
import { bool, int, nullableText, num, text } from './fields.js';
import { idParam, intParam, noNul, pagingParams } from './params.js';
import { gradeFilter, optionalFilter, priceFenFilter } from './shared-params.js';
import { boxShape } from './shapes.js';
import { dreamExteriors, dreamItemCategories } from './dream.js';

/** The catalogue's item types (the shipped CS2 data's categories) and exterior codes, shared with dream chasing. */
export const skinCategories = dreamItemCategories;
export const skinExteriors = dreamExteriors;

/** CS2 rarity keys of the shipped catalogue and their in-game colours (the item page's rarity colour). */
export const skinRarityColours: Record<string, string> = {
  consumer: '#b0c3d9',
  industrial: '#5e98d9',
  milspec: '#4b69ff',
  restricted: '#8847ff',
  classified: '#d32ce6',
  covert: '#eb4b4b',
  contraband: '#e4ae39',
};
export const skinRarityColour = (rarity: string) => skinRarityColours[rarity] ?? '#b0c3d9';

/** sort: 0 price high → low (the default), 1 price low → high, 2 name. */
export const skinSorts = [0, 1, 2] as const;

/** GET /api/skin/page: the catalogue, filtered and paged. Prices in fen; -1 or empty = no filter. */
export const skinPageParams = pagingParams.extend({
  name: optionalFilter(z.string().trim().max(40).refine(noNul)),
  category: optionalFilter(z.enum(skinCategories)),
  exterior: optionalFilter(z.enum(skinExteriors)),
  /** The site's grade (0 gold … 3 blue-grey), the same rarity filter as dream chasing. */
  grade: gradeFilter,
  priceMin: priceFenFilter,
  priceMax: priceFenFilter,
  sort: intParam(0, 2).default(0),
});
export type SkinPageParams = z.infer<typeof skinPageParams>;

export const skinSchema = z.object({
  id: int,
  name: text,
  weaponName: text,
  image: nullableText,
  category: text,
  /** FN, MW, FT, WW, BS; null for items without wear (vanilla knives, stickers). */
  exterior: nullableText,
  statTrak: bool,
  rarity: text,
  rarityColor: text,
  grade: int,
  referencePrice: int,
  recoveryPrice: int,
});
export type Skin = z.infer<typeof skinSchema>;

export const skinDetailParams = z.object({ itemId: idParam });

/** A box whose published (current) version holds the item, with the item's chance in one opening. */
export const skinBoxSchema = z.object({
  ...boxShape,
  openPrice: int,
  /** Sum of the item's weights in the box's current version, in units of 1/100000. */
  weight: int,
  /** weight / 100000. */
  probability: num,
});
export type SkinBox = z.infer<typeof skinBoxSchema>;

export const skinDetailSchema = skinSchema.extend({
  /** Enabled boxes only, most likely first. */
  boxes: z.array(skinBoxSchema),
});
export type SkinDetail = z.infer<typeof skinDetailSchema>;
