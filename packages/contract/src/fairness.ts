import { z } from 'zod';
import { int, nullableInt, nullableText, text } from './fields.js';
import { idParam } from './params.js';
import { errorCatalogue } from './errors.js';
import { gameBalanceSchema, gameBalancesShape, revealedSeedShape, rollRangeShape, rollSeedShape } from './shapes.js';

/** PF v1 §1: a client seed is 1–64 of A-Z a-z 0-9 _ -; the browser makes one (16 random bytes as hex). */
export const clientSeedSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: errorCatalogue.CLIENT_SEED_INVALID.zh });
/** A client seed the caller may leave out (an empty field counts as left out). */
export const optionalClientSeed = z.preprocess((v) => (v === '' || v === null ? undefined : v), clientSeedSchema.optional());

/**
 * The user's current pair: the active seed is never shown, only its hash; the next pair's hash too.
 * `clientSeed` is null while the player has not given one (issue 24 §13: the server never invents it).
 */
export const currentSeedsSchema = z.object({ publicHash: text, clientSeed: nullableText, nonce: int, nextPublicHash: text });
export type CurrentSeeds = z.infer<typeof currentSeedsSchema>;
export const resetSeedParams = z.object({ clientSeed: optionalClientSeed });
/** POST /api/key/clientSeed: the first client seed of an active pair that has none (never a change). */
export const setClientSeedParams = z.object({ clientSeed: clientSeedSchema });
export const revealedSeedSchema = z.object({
  id: int,
  serverSeed: text,
  secretSalt: text,
  publicHash: text,
  clientSeed: text,
  finalNonce: int,
  createTime: text,
  retireTime: text,
});
export const clientSeedHistorySchema = z.object({ clientSeed: text, createTime: text, retireTime: nullableText });

/** A share link's id: 128 random bits or more, base64url (decision 0017). */
export const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** Declared with the shared shapes: the box records carry it too. */
export { gameBalanceSchema };
export type GameBalance = z.infer<typeof gameBalanceSchema>;

const rollGameSchema = z.enum(['case', 'dream', 'free_case']);

/** Everything a verifier needs to recompute one roll in the browser (PF v1 §10). */
export const rollRecordSchema = z.object({
  /** The sequential roll id: only its owner sees it (and may look the roll up by it); null on a share link. */
  verifyId: nullableInt,
  /** What a share link carries: anyone holding it sees the roll. */
  shareId: text,
  game: rollGameSchema,
  ...rollSeedShape,
  ...rollRangeShape,
  caseId: nullableInt,
  caseVersion: nullableInt,
  oddsHash: nullableText,
  /** The case's full range table (so the browser recomputes which item the roll hits). */
  ranges: z.array(z.object({ itemId: int, low: int, high: int })),
  itemId: nullableInt,
  itemName: nullableText,
  /** Dream rolls only (PF v1 §6; null otherwise): the fee ceil(T·P·10000 / (100000·RTP)) with P = rangeHigh. */
  dreamFee: nullableInt,
  /** The target's price snapshot T (fen). */
  targetPrice: nullableInt,
  returnRateBp: nullableInt,
  ...revealedSeedShape,
  createTime: text,
});
export type RollRecord = z.infer<typeof rollRecordSchema>;
export const verifyIdParams = z.object({ verifyId: idParam });
export const shareIdParams = z.object({ shareId: shareIdSchema });

/** The player's own games, newest first, with seeds, nonce, outcome and balances (GET /api/key/gameRecords). */
export const gameRecordSchema = z.object({
  verifyId: int,
  shareId: text,
  game: rollGameSchema,
  caseId: nullableInt,
  boxName: nullableText,
  itemName: nullableText,
  pricePaid: int,
  ...rollSeedShape,
  rollCode: int,
  /** Revealed only after the pair is rotated. */
  serverSeed: nullableText,
  /** Around the whole game this roll belongs to. */
  ...gameBalancesShape,
  createTime: text,
});
export type GameRecord = z.infer<typeof gameRecordSchema>;
