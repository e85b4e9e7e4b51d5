import { z } from 'zod';
import { idParam } from './params.js';
import { errorCatalogue } from './errors.js';

/** PF v1 §1: a client seed is 1–64 of A-Z a-z 0-9 _ -; the browser makes one (16 random bytes as hex). */
export const clientSeedSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: errorCatalogue.CLIENT_SEED_INVALID.zh });
/** A client seed the caller may leave out (an empty field counts as left out). */
export const optionalClientSeed = z.preprocess((v) => (v === '' || v === null ? undefined : v), clientSeedSchema.optional());

/**
 * The user's current pair: the active seed is never shown, only its hash; the next pair's hash too.
 * `clientSeed` is null while the player has not given one (issue 24 §13: the server never invents it).
 */
export const currentSeedsSchema = z.object({
  publicHash: z.string(),
  clientSeed: z.string().nullable(),
  nonce: z.number().int(),
  nextPublicHash: z.string(),
});
export type CurrentSeeds = z.infer<typeof currentSeedsSchema>;
export const resetSeedParams = z.object({ clientSeed: optionalClientSeed });
/** POST /api/key/clientSeed: the first client seed of an active pair that has none (never a change). */
export const setClientSeedParams = z.object({ clientSeed: clientSeedSchema });
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

/** A share link's id: 128 random bits or more, base64url (decision 0017). */
export const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** A player's coins and points (fen) at one moment of a game (security.md "balances before and after"). */
export const gameBalanceSchema = z.object({ coin: z.number().int(), point: z.number().int() });
export type GameBalance = z.infer<typeof gameBalanceSchema>;

/** Everything a verifier needs to recompute one roll in the browser (PF v1 §10). */
export const rollRecordSchema = z.object({
  /** The sequential roll id: only its owner sees it (and may look the roll up by it); null on a share link. */
  verifyId: z.number().int().nullable(),
  /** What a share link carries: anyone holding it sees the roll. */
  shareId: z.string(),
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
  /** Dream rolls only (PF v1 §6; null otherwise): the fee ceil(T·P·10000 / (100000·RTP)) with P = rangeHigh. */
  dreamFee: z.number().int().nullable(),
  /** The target's price snapshot T (fen). */
  targetPrice: z.number().int().nullable(),
  returnRateBp: z.number().int().nullable(),
  /** Revealed only after the pair is rotated; null while the pair is active. */
  serverSeed: z.string().nullable(),
  secretSalt: z.string().nullable(),
  createTime: z.string(),
});
export type RollRecord = z.infer<typeof rollRecordSchema>;
export const verifyIdParams = z.object({ verifyId: idParam });
export const shareIdParams = z.object({ shareId: shareIdSchema });

/** The player's own games, newest first, with seeds, nonce, outcome and balances (GET /api/key/gameRecords). */
export const gameRecordSchema = z.object({
  verifyId: z.number().int(),
  shareId: z.string(),
  game: z.enum(['case', 'dream', 'free_case']),
  caseId: z.number().int().nullable(),
  boxName: z.string().nullable(),
  itemName: z.string().nullable(),
  pricePaid: z.number().int(),
  publicHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  rollCode: z.number().int(),
  /** Revealed only after the pair is rotated. */
  serverSeed: z.string().nullable(),
  /** Around the whole game this roll belongs to; null for games played before balances were recorded. */
  balanceBefore: gameBalanceSchema.nullable(),
  balanceAfter: gameBalanceSchema.nullable(),
  createTime: z.string(),
});
export type GameRecord = z.infer<typeof gameRecordSchema>;
