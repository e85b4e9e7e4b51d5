import { z } from 'zod';
import { idParam } from './params.js';

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
});
export const buyVirtualParams = z.object({ id: idParam });
