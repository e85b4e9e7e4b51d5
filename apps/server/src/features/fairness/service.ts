import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { toPage, type CurrentSeeds, type GameBalance, type GameRecord, type RollRecord } from '@skinfair/contract';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import { selectPage } from '../../platform/db/paging.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { catalogBoxes, catalogItems, dropsOf } from '../catalog/index.js';
import { ensurePairs, rotatePair, setMissingClientSeed } from './seeds.js';
import { rolls, seedPairs } from './tables.js';

/** GET /api/key/currentKey: clientSeed is null while the player has given none (nothing is made up). */
export async function currentKey(db: Db, userId: number): Promise<CurrentSeeds> {
  await ensurePairs(db, userId);
  const pairs = await db
    .select()
    .from(seedPairs)
    .where(and(eq(seedPairs.userId, userId), inArray(seedPairs.state, ['active', 'next'])));
  const active = pairs.find((p) => p.state === 'active')!;
  const next = pairs.find((p) => p.state === 'next')!;
  return { publicHash: active.publicHash, clientSeed: active.clientSeed, nonce: active.nonce, nextPublicHash: next.publicHash };
}

/** POST /api/key/reset: rotate now, with a new client seed or keeping the old one. */
export async function resetSeeds(db: Db, userId: number, clientSeed?: string) {
  await runInTransaction(db, ({ tx }) => rotatePair(tx, userId, clientSeed));
  return currentKey(db, userId);
}

/**
 * POST /api/key/clientSeed: the browser's client seed for an active pair that has none (decision 0049).
 * It only fills the gap: a pair that has a seed keeps it (a change is a rotation, /api/key/reset), so the
 * call can never alter the seed of rolls already made.
 */
export async function setClientSeed(db: Db, userId: number, clientSeed: string): Promise<CurrentSeeds> {
  if (!(await setMissingClientSeed(db, userId, clientSeed))) throw new AppError('CLIENT_SEED_ALREADY_SET', `user ${userId}`);
  return currentKey(db, userId);
}

export async function keyHistory(ex: Executor, userId: number, page: number, pageSize: number) {
  const where = and(eq(seedPairs.userId, userId), eq(seedPairs.state, 'retired'));
  const query = ex.select().from(seedPairs).where(where).orderBy(desc(seedPairs.id));
  const { rows, totalRows } = await selectPage(ex, { query, from: seedPairs, where }, page, pageSize);
  const data = rows.map((r) => ({
    id: r.id,
    serverSeed: r.serverSeed,
    secretSalt: r.secretSalt,
    publicHash: r.publicHash,
    clientSeed: r.clientSeed ?? '',
    finalNonce: r.nonce,
    createTime: toIso(r.createdAt),
    retireTime: toIso(r.retiredAt!),
  }));
  return toPage(data, page, pageSize, totalRows);
}

export async function clientSeedHistory(ex: Executor, userId: number, page: number, pageSize: number) {
  const where = and(eq(seedPairs.userId, userId), inArray(seedPairs.state, ['active', 'retired']));
  const query = ex.select().from(seedPairs).where(where).orderBy(desc(seedPairs.id));
  const { rows, totalRows } = await selectPage(ex, { query, from: seedPairs, where }, page, pageSize);
  const data = rows.map((r) => ({
    clientSeed: r.clientSeed ?? '',
    createTime: toIso(r.activatedAt ?? r.createdAt),
    retireTime: r.retiredAt ? toIso(r.retiredAt) : null,
  }));
  return toPage(data, page, pageSize, totalRows);
}

export interface NewRoll {
  userId: number;
  game: 'case' | 'dream' | 'free_case';
  seedPairId: number;
  nonce: number;
  rollCode: number;
  rangeLow: number;
  rangeHigh: number;
  caseId?: number;
  caseVersion?: number;
  oddsHash?: string;
  itemId?: number;
  pricePaidFen: number;
  /** The player's coins and points around this roll's own game (one box of a batch: cases/opening-balances.ts). */
  balanceBefore: GameBalance;
  balanceAfter: GameBalance;
}

/**
 * Balances around a game that spent `spent` (coins first, then points) and left `after`: read `after` in
 * the game's transaction once the debit is done (the debit locked the rows, so nothing moved in between).
 */
export function balancesAround(after: { coinFen: number; pointFen: number }, spent: { coinFen: number; pointFen: number } | null) {
  return {
    balanceBefore: { coin: after.coinFen + (spent?.coinFen ?? 0), point: after.pointFen + (spent?.pointFen ?? 0) },
    balanceAfter: { coin: after.coinFen, point: after.pointFen },
  };
}

/** 128 CSPRNG bits, base64url: what a share link carries instead of the countable roll id. */
export const newShareId = () => randomBytes(16).toString('base64url');

/** Roll records are append-only; the id is the roll id its owner verifies, the public id is for sharing. */
export async function recordRolls(tx: Tx, newRolls: NewRoll[]) {
  return tx
    .insert(rolls)
    .values(
      newRolls.map(({ balanceBefore, balanceAfter, ...roll }) => ({
        ...roll,
        publicId: newShareId(),
        coinBeforeFen: balanceBefore.coin,
        pointBeforeFen: balanceBefore.point,
        coinAfterFen: balanceAfter.coin,
        pointAfterFen: balanceAfter.point,
      })),
    )
    .returning();
}

type RollRow = typeof rolls.$inferSelect;

function balancesOf(roll: RollRow): { balanceBefore: GameBalance | null; balanceAfter: GameBalance | null } {
  const known = roll.coinBeforeFen !== null && roll.pointBeforeFen !== null && roll.coinAfterFen !== null && roll.pointAfterFen !== null;
  return known
    ? {
        balanceBefore: { coin: roll.coinBeforeFen!, point: roll.pointBeforeFen! },
        balanceAfter: { coin: roll.coinAfterFen!, point: roll.pointAfterFen! },
      }
    : { balanceBefore: null, balanceAfter: null };
}

/** A dream's fee inputs (PF v1 §6: the record shows T, P = rangeHigh and the fee); null for other games. */
function dreamFigures(roll: RollRow) {
  const dream = roll.game === 'dream';
  return {
    dreamFee: dream ? roll.pricePaidFen : null,
    targetPrice: dream ? roll.targetPriceFen : null,
    returnRateBp: dream ? roll.returnRateBp : null,
  };
}

/** How a roll is asked for: by its sequential id (its owner only) or by its share id (anyone). */
export type RollLookup = { verifyId: number } | { shareId: string };

/**
 * Everything a verifier needs. The sequential id answers only its owner: a guest or another player gets
 * the answer of a missing id, so records cannot be walked by counting (security.md). The share id answers
 * anyone. The server seed appears only once its pair is retired; an active seed never leaves the server.
 */
export async function rollRecord(ex: Executor, lookup: RollLookup, viewerId: number | null): Promise<RollRecord> {
  const where =
    'verifyId' in lookup ? and(eq(rolls.id, lookup.verifyId), eq(rolls.userId, viewerId ?? -1)) : eq(rolls.publicId, lookup.shareId);
  const [row] = await ex
    .select({ roll: rolls, pair: seedPairs })
    .from(rolls)
    .innerJoin(seedPairs, eq(seedPairs.id, rolls.seedPairId))
    .where(where);
  if (!row) throw new AppError('NOT_FOUND', 'verifyId' in lookup ? `roll ${lookup.verifyId}` : 'roll by share id');
  const { roll, pair } = row;
  const revealed = pair.state === 'retired';
  const ranges =
    roll.caseId !== null && roll.caseVersion !== null
      ? (await dropsOf(ex, roll.caseId, roll.caseVersion)).map(({ drop }) => ({
          itemId: drop.itemId,
          low: drop.rollLow,
          high: drop.rollHigh,
        }))
      : [];
  const [item] = roll.itemId ? await ex.select({ name: catalogItems.name }).from(catalogItems).where(eq(catalogItems.id, roll.itemId)) : [];
  return {
    verifyId: roll.userId === viewerId ? roll.id : null,
    shareId: roll.publicId,
    game: roll.game,
    publicHash: pair.publicHash,
    clientSeed: pair.clientSeed ?? '',
    nonce: roll.nonce,
    rollCode: roll.rollCode,
    rangeLow: roll.rangeLow,
    rangeHigh: roll.rangeHigh,
    caseId: roll.caseId,
    caseVersion: roll.caseVersion,
    oddsHash: roll.oddsHash,
    ranges,
    itemId: roll.itemId,
    itemName: item?.name ?? null,
    ...dreamFigures(roll),
    serverSeed: revealed ? pair.serverSeed : null,
    secretSalt: revealed ? pair.secretSalt : null,
    createTime: toIso(roll.createdAt),
  };
}

/** The player's games, newest first: seeds, nonce, outcome and balances before and after (security.md). */
export async function gameRecords(ex: Executor, userId: number, page: number, pageSize: number) {
  const where = eq(rolls.userId, userId);
  const query = ex
    .select({ roll: rolls, pair: seedPairs, boxName: catalogBoxes.name, itemName: catalogItems.name })
    .from(rolls)
    .innerJoin(seedPairs, eq(seedPairs.id, rolls.seedPairId))
    .leftJoin(catalogBoxes, eq(catalogBoxes.id, rolls.caseId))
    .leftJoin(catalogItems, eq(catalogItems.id, rolls.itemId))
    .where(where)
    .orderBy(desc(rolls.id));
  const { rows, totalRows } = await selectPage(ex, { query, from: rolls, where }, page, pageSize);
  const data: GameRecord[] = rows.map(({ roll, pair, boxName, itemName }) => ({
    verifyId: roll.id,
    shareId: roll.publicId,
    game: roll.game,
    caseId: roll.caseId,
    boxName,
    itemName,
    pricePaid: roll.pricePaidFen,
    publicHash: pair.publicHash,
    clientSeed: pair.clientSeed ?? '',
    nonce: roll.nonce,
    rollCode: roll.rollCode,
    serverSeed: pair.state === 'retired' ? pair.serverSeed : null,
    ...balancesOf(roll),
    createTime: toIso(roll.createdAt),
  }));
  return toPage(data, page, pageSize, totalRows);
}

/** Open-box records with the spec's labels (§3): box, item, price paid, roll code and its range. */
export async function openRecords(ex: Executor, userId: number, page: number, pageSize: number) {
  const where = and(eq(rolls.userId, userId), inArray(rolls.game, ['case', 'free_case']));
  const query = ex
    .select({ roll: rolls, boxName: catalogBoxes.name, item: catalogItems })
    .from(rolls)
    .innerJoin(catalogBoxes, eq(catalogBoxes.id, rolls.caseId))
    .innerJoin(catalogItems, eq(catalogItems.id, rolls.itemId))
    .where(where)
    .orderBy(desc(rolls.id));
  const { rows, totalRows } = await selectPage(ex, { query, from: rolls, where }, page, pageSize);
  const data = rows.map(({ roll, boxName, item }) => ({
    id: roll.id,
    boxName,
    giftName: item.name,
    grade: item.grade,
    recoveryPrice: item.recoveryPriceFen,
    pricePaid: roll.pricePaidFen,
    rollCode: roll.rollCode,
    rangeLow: roll.rangeLow,
    rangeHigh: roll.rangeHigh,
    verifyId: roll.id,
    shareId: roll.publicId,
    ...balancesOf(roll),
    createTime: toIso(roll.createdAt),
  }));
  return toPage(data, page, pageSize, totalRows);
}
