import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { toPage, type RollRecord } from '@skinfair/contract';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { catalogBoxes, catalogItems, dropsOf } from '../catalog/index.js';
import { ensurePairs, rotatePair } from './seeds.js';
import { rolls, seedPairs } from './tables.js';

export async function currentKey(db: Db, userId: number) {
  await ensurePairs(db, userId);
  const pairs = await db.select().from(seedPairs).where(and(eq(seedPairs.userId, userId), inArray(seedPairs.state, ['active', 'next'])));
  const active = pairs.find((p) => p.state === 'active')!;
  const next = pairs.find((p) => p.state === 'next')!;
  return { publicHash: active.publicHash, clientSeed: active.clientSeed ?? '', nonce: active.nonce, nextPublicHash: next.publicHash };
}

/** POST /api/key/reset: rotate now, with a new client seed or keeping the old one. */
export async function resetSeeds(db: Db, userId: number, clientSeed?: string) {
  await runInTransaction(db, ({ tx }) => rotatePair(tx, userId, clientSeed));
  return currentKey(db, userId);
}

export async function keyHistory(ex: Executor, userId: number, page: number, pageSize: number) {
  const where = and(eq(seedPairs.userId, userId), eq(seedPairs.state, 'retired'));
  const [rows, [total]] = await Promise.all([
    ex.select().from(seedPairs).where(where).orderBy(desc(seedPairs.id)).limit(pageSize).offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(seedPairs).where(where),
  ]);
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
  return toPage(data, page, pageSize, total?.n ?? 0);
}

export async function clientSeedHistory(ex: Executor, userId: number, page: number, pageSize: number) {
  const where = and(eq(seedPairs.userId, userId), inArray(seedPairs.state, ['active', 'retired']));
  const [rows, [total]] = await Promise.all([
    ex.select().from(seedPairs).where(where).orderBy(desc(seedPairs.id)).limit(pageSize).offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(seedPairs).where(where),
  ]);
  const data = rows.map((r) => ({ clientSeed: r.clientSeed ?? '', createTime: toIso(r.activatedAt ?? r.createdAt), retireTime: r.retiredAt ? toIso(r.retiredAt) : null }));
  return toPage(data, page, pageSize, total?.n ?? 0);
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
}

/** Roll records are append-only; the id is the roll id a player verifies. */
export async function recordRolls(tx: Tx, newRolls: NewRoll[]) {
  return tx.insert(rolls).values(newRolls).returning();
}

/**
 * Everything a verifier needs, for anyone holding the roll id (a share link). The server seed appears
 * only once its pair is retired; an active seed never leaves the server.
 */
export async function rollRecord(ex: Executor, rollId: number): Promise<RollRecord> {
  const [row] = await ex
    .select({ roll: rolls, pair: seedPairs })
    .from(rolls)
    .innerJoin(seedPairs, eq(seedPairs.id, rolls.seedPairId))
    .where(eq(rolls.id, rollId));
  if (!row) throw new AppError('NOT_FOUND', `roll ${rollId}`);
  const { roll, pair } = row;
  const revealed = pair.state === 'retired';
  const ranges =
    roll.caseId !== null && roll.caseVersion !== null
      ? (await dropsOf(ex, roll.caseId, roll.caseVersion)).map(({ drop }) => ({ itemId: drop.itemId, low: drop.rollLow, high: drop.rollHigh }))
      : [];
  const [item] = roll.itemId ? await ex.select({ name: catalogItems.name }).from(catalogItems).where(eq(catalogItems.id, roll.itemId)) : [];
  return {
    verifyId: roll.id,
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
    serverSeed: revealed ? pair.serverSeed : null,
    secretSalt: revealed ? pair.secretSalt : null,
    createTime: toIso(roll.createdAt),
  };
}

/** Open-box records with the spec's labels (§3): box, item, price paid, roll code and its range. */
export async function openRecords(ex: Executor, userId: number, page: number, pageSize: number) {
  const where = and(eq(rolls.userId, userId), inArray(rolls.game, ['case', 'free_case']));
  const [rows, [total]] = await Promise.all([
    ex
      .select({ roll: rolls, boxName: catalogBoxes.name, item: catalogItems })
      .from(rolls)
      .innerJoin(catalogBoxes, eq(catalogBoxes.id, rolls.caseId))
      .innerJoin(catalogItems, eq(catalogItems.id, rolls.itemId))
      .where(where)
      .orderBy(desc(rolls.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(rolls).where(where),
  ]);
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
    createTime: toIso(roll.createdAt),
  }));
  return toPage(data, page, pageSize, total?.n ?? 0);
}
