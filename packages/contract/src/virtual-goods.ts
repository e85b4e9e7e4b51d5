import { z } from 'zod';
import { bool, int, nullableInt, nullableText, text } from './fields.js';
import { boolParam, intIdParam } from './params.js';

export const virtualGoodSchema = z.object({
  id: int,
  name: text,
  kind: text,
  virtualImg: text,
  price: int,
  durationDays: nullableInt,
  /** For myVirtual: when the player's copy ends (null = forever); absent in the catalogue. */
  expireTime: nullableText,
  owned: bool,
  /** Worn now: shown on the player's avatar (frame) or name (colour); at most one per kind. */
  equipped: bool,
});
export type VirtualGood = z.infer<typeof virtualGoodSchema>;
export const buyVirtualParams = z.object({ id: intIdParam });
/** equipVirtual: wear an owned good (equip, the default) or take it off (equip=false). */
export const equipVirtualParams = z.object({ id: intIdParam, equip: boolParam.default(true) });
