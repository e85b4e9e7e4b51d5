import { z } from 'zod';
import { boolParam, intIdParam } from './params.js';

export const virtualGoodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  virtualImg: z.string(),
  price: z.number().int(),
  durationDays: z.number().int().nullable(),
  /** For myVirtual: when the player's copy ends (null = forever); absent in the catalogue. */
  expireTime: z.string().nullable(),
  owned: z.boolean(),
  /** Worn now: shown on the player's avatar (frame) or name (colour); at most one per kind. */
  equipped: z.boolean(),
});
export type VirtualGood = z.infer<typeof virtualGoodSchema>;
export const buyVirtualParams = z.object({ id: intIdParam });
/** equipVirtual: wear an owned good (equip, the default) or take it off (equip=false). */
export const equipVirtualParams = z.object({ id: intIdParam, equip: boolParam.default(true) });
