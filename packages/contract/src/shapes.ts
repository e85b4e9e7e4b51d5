import { z } from 'zod';
import { int, nullableInt, nullableNum, nullableText, text } from './fields.js';

/**
 * Field groups several response schemas share, spread into their objects (`z.object({ id: int, ...giftShape })`)
 * so that a group is written, and commented, once. Keep a spread where the fields stood: the order of the
 * fields is the order of the keys in the JSON answer and in docs/API.md.
 */

/** An item as every list shows it: name, picture (a relative path, or null), grade (0 gold … 3 blue) and recovery value (fen). */
export const giftDisplayShape = { giftName: text, giftImage: nullableText, grade: int, recoveryPrice: int };
/** The same, with the catalogue item's id. */
export const giftShape = { giftId: int, ...giftDisplayShape };

/** A player as lists show them: the nickname and the avatar (a relative path, or null). */
export const playerShape = { nickname: text, headPic: nullableText };

/**
 * A house bot's public record (issue 12: players can see bots are not tuned to win): battles played and won, and
 * what the house gained (+) or lost (−) on its seats, in fen of item value.
 */
export const botRecordShape = { played: int, won: int, profitFen: int };

/** A box as lists show it. */
export const boxShape = { boxId: int, boxName: text, boxImage: nullableText };

/** A box's published odds version and its odds hash (PF v1 §5): rolls keep the version they used. */
export const oddsVersionShape = { version: int, oddsHash: text };

/** A roll code (1 … 100000) and the inclusive range of the item it hit (PF v1 §5). */
export const rollRangeShape = { rollCode: int, rangeLow: int, rangeHigh: int };

/** What a roll was computed from: the pair's public hash, the client seed and the nonce (PF v1 §1). */
export const rollSeedShape = { publicHash: text, clientSeed: text, nonce: int };

/** The server seed and salt behind a public hash: revealed once the pair is rotated or the draw is over; null before. */
export const revealedSeedShape = { serverSeed: nullableText, secretSalt: nullableText };

/** The operator who acted, by id and login name; null when no operator did. */
export const actingOperatorShape = { operatorId: nullableInt, operatorName: nullableText };

/** A game's return as its odds declare it and as its plays realised it: ratios of the stake (0.9 = 90 %); null when there is nothing to divide. */
export const returnPairShape = { declaredReturn: nullableNum, realisedReturn: nullableNum };

/** The player's coins and points (fen) after a purchase or a game. */
export const walletShape = { balance: int, integral: int };

/** A player's coins and points (fen) at one moment of a game (security.md "balances before and after"). */
export const gameBalanceSchema = z.object({ coin: int, point: int });
/** Coins and points around a game; null for games played before balances were recorded. */
export const gameBalancesShape = { balanceBefore: gameBalanceSchema.nullable(), balanceAfter: gameBalanceSchema.nullable() };
