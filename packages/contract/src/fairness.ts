import { z } from 'zod';
import { idParam } from './params.js';
import { errorCatalogue } from './errors.js';

/** The user's current pair: the active seed is never shown, only its hash; the next pair's hash too. */
export const currentSeedsSchema = z.object({
  publicHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  nextPublicHash: z.string(),
});
export const resetSeedParams = z.object({
  clientSeed: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: errorCatalogue.CLIENT_SEED_INVALID.zh }).optional()),
});
export const revealedSeedSchema = z.object({
  id: z.number().int(),
  serverSeed: z.string(),
  secretSalt: z.string(),
  publicHash: z.string(),
  clientSeed: z.string(),
  finalNonce: z.number().int(),
  createTime: z.string(),
  retireTime: z.string(),
});
export const clientSeedHistorySchema = z.object({ clientSeed: z.string(), createTime: z.string(), retireTime: z.string().nullable() });

/** Everything a verifier needs to recompute one roll in the browser (PF v1 §10). */
export const rollRecordSchema = z.object({
  verifyId: z.number().int(),
  game: z.enum(['case', 'dream', 'free_case']),
  publicHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  rollCode: z.number().int(),
  rangeLow: z.number().int(),
  rangeHigh: z.number().int(),
  caseId: z.number().int().nullable(),
  caseVersion: z.number().int().nullable(),
  oddsHash: z.string().nullable(),
  /** The case's full range table (so the browser recomputes which item the roll hits). */
  ranges: z.array(z.object({ itemId: z.number().int(), low: z.number().int(), high: z.number().int() })),
  itemId: z.number().int().nullable(),
  itemName: z.string().nullable(),
  /** Revealed only after the pair is rotated; null while the pair is active. */
  serverSeed: z.string().nullable(),
  secretSalt: z.string().nullable(),
  createTime: z.string(),
});
export type RollRecord = z.infer<typeof rollRecordSchema>;
export const verifyIdParams = z.object({ verifyId: idParam });
