import { randomBytes } from 'node:crypto';
import { publicHash, roundTime, targetRound } from '@skinfair/fairness';
import { GIVEAWAY_MAX_DURATION_MS, GIVEAWAY_MIN_DURATION_MS, type CreateGiveawayParams, type GiveawayRoom } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../platform/db/client.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { itemsByIds } from '../catalog/index.js';
import {
  escrowItems,
  insertGiveaway,
  insertPrizes,
  lockGiveaway,
  playerStanding,
  prizesOf,
  releaseEscrow,
  restock,
  stockLinesInStock,
  takeStock,
  updateGiveaway,
  type GiveawayRow,
  type PlayerStanding,
  type PrizeRow,
} from './repo.js';
import type { GiveawayKind } from './tables.js';
import { publishGiveaway } from './live.js';
import { giveawayView } from './views.js';

export const GIVEAWAY_FREEZE_JOB = 'giveaway.freeze';
export const GIVEAWAY_DRAW_JOB = 'giveaway.draw';
/** The draw waits for its beacon round as long as it takes (PF v1 §8: never another round). */
const DRAW_MAX_ATTEMPTS = 10_000;

export type Hasher = Pick<AppContext, 'hash'>;
export type GiveawayCtx = Pick<AppContext, 'db' | 'live' | 'hash'>;

export const passwordHashOf = (ctx: Hasher, password: string) => ctx.hash('giveaway-password', password);

export interface NewOfficialGiveaway {
  title: string;
  remark?: string;
  banner?: string | null;
  openTime: Date;
  /** One shop stock line per prize, in prize order (a line may repeat: one unit each). */
  stockIds: number[];
  password?: string;
  minDepositFen?: number;
  depositStart?: Date | null;
  depositEnd?: Date | null;
  promotionUserId?: number | null;
  minVipGrade?: number;
  demo?: boolean;
}

function newSeed() {
  const serverSeed = randomBytes(32).toString('hex');
  const secretSalt = randomBytes(16).toString('hex');
  return { serverSeed, secretSalt, publicHash: publicHash(serverSeed, secretSalt) };
}

/**
 * PF v1 §8 at creation: the public hash, the immutable open time, the prizes (so W) and R are fixed now.
 * The freeze runs at the open time; the draw once round R exists (time(R) = a few seconds later).
 */
async function scheduleJobs(tx: Tx, room: GiveawayRow): Promise<void> {
  await enqueueJob(tx, {
    kind: GIVEAWAY_FREEZE_JOB,
    payload: { giveawayId: room.id },
    runAt: room.openTime,
    dedupeKey: `giveaway-freeze:${room.id}`,
    maxAttempts: DRAW_MAX_ATTEMPTS,
  });
  await enqueueJob(tx, {
    kind: GIVEAWAY_DRAW_JOB,
    payload: { giveawayId: room.id },
    runAt: new Date(roundTime(room.targetRound) * 1000),
    dedupeKey: `giveaway-draw:${room.id}`,
    maxAttempts: DRAW_MAX_ATTEMPTS,
  });
}

/**
 * An official room (decision 0028): the house funds its prizes from the shop's stock, taken in this
 * transaction (OUT_OF_STOCK rolls the room back). Made by the console and the demo seed.
 */
export async function insertOfficialGiveaway(tx: Tx, hasher: Hasher | null, input: NewOfficialGiveaway): Promise<GiveawayRow> {
  if (input.stockIds.length === 0) throw new AppError('PARAM_INVALID', 'no prizes');
  if (input.password && !hasher) throw new AppError('INTERNAL', 'a password needs the hasher');
  const room = await insertGiveaway(tx, {
    kind: 'official',
    creatorId: null,
    title: input.title,
    remark: input.remark ?? '',
    banner: input.banner ?? null,
    openTime: input.openTime,
    passwordHash: input.password && hasher ? passwordHashOf(hasher, input.password) : null,
    minDepositFen: input.minDepositFen ?? 0,
    depositStart: input.depositStart ?? null,
    depositEnd: input.depositEnd ?? null,
    promotionUserId: input.promotionUserId ?? null,
    minVipGrade: input.minVipGrade ?? 0,
    targetRound: targetRound(Math.floor(input.openTime.getTime() / 1000)),
    demo: input.demo ?? false,
    ...newSeed(),
  });
  const quantities = new Map<number, number>();
  for (const id of input.stockIds) quantities.set(id, (quantities.get(id) ?? 0) + 1);
  const itemOfStock = new Map<number, number>();
  for (const [stockId, quantity] of [...quantities].sort((a, b) => a[0] - b[0])) {
    const taken = await takeStock(tx, stockId, quantity);
    if (!taken) throw new AppError('OUT_OF_STOCK', `stock ${stockId} × ${quantity}`);
    itemOfStock.set(stockId, taken.itemId);
  }
  const values = new Map((await itemsByIds(tx, [...new Set(itemOfStock.values())])).map((i) => [i.id, i.recoveryPriceFen]));
  await insertPrizes(
    tx,
    input.stockIds.map((stockId, i) => {
      const itemId = itemOfStock.get(stockId)!;
      return { giveawayId: room.id, position: i + 1, itemId, valueFen: values.get(itemId)!, stockId };
    }),
  );
  await scheduleJobs(tx, room);
  return room;
}

export async function createOfficialGiveaway(ctx: GiveawayCtx, input: NewOfficialGiveaway): Promise<GiveawayRoom> {
  return runInTransaction(ctx.db, async ({ tx, afterCommit }) => {
    const room = await insertOfficialGiveaway(tx, ctx, input);
    afterCommit(() => publishGiveaway(ctx, room.id));
    return giveawayView(tx, room.id, null);
  });
}

/**
 * Sandbox tools only (loopback, never production): an official room from the shop's stock that opens in
 * `seconds`, so an end-to-end test or a demo sees a whole draw without waiting for the 10-minute demo room.
 */
export async function createSandboxOfficialGiveaway(ctx: GiveawayCtx, seconds: number, prizes: number): Promise<GiveawayRoom> {
  const stockIds = await stockLinesInStock(ctx.db, prizes);
  if (stockIds.length === 0) throw new AppError('OUT_OF_STOCK', 'sandbox giveaway');
  return createOfficialGiveaway(ctx, {
    title: '沙盒官方福利',
    remark: '沙盒工具创建的官方福利屋，用于演示与自动化测试。',
    openTime: new Date(Date.now() + seconds * 1000),
    stockIds,
    demo: true,
  });
}

function requireAccount(s: PlayerStanding | null, userId: number): PlayerStanding {
  if (!s || s.status !== 'active') throw new AppError('ACCOUNT_DISABLED', `user ${userId}`);
  if (s.minor) throw new AppError('SPENDING_BLOCKED', 'minor');
  return s;
}

/**
 * create: a streamer's room (the creator has the streamer role) or a player's own room, from items of the
 * creator's backpack, which go into escrow in the same transaction (decision 0028).
 */
export async function createGiveaway(
  ctx: GiveawayCtx,
  userId: number,
  params: CreateGiveawayParams,
  nowMs = Date.now(),
): Promise<GiveawayRoom> {
  const creator = requireAccount(await playerStanding(ctx.db, userId), userId);
  if (!creator.verified) throw new AppError('VERIFY_REQUIRED');
  const openMs = Date.parse(params.openTime);
  if (openMs < nowMs + GIVEAWAY_MIN_DURATION_MS || openMs > nowMs + GIVEAWAY_MAX_DURATION_MS)
    throw new AppError('GIVEAWAY_OPEN_TIME_INVALID');
  const kind: GiveawayKind = creator.streamer ? 'streamer' : 'own';
  if (params.requirePromotion) {
    if (kind !== 'streamer') throw new AppError('GIVEAWAY_PROMOTION_STREAMER_ONLY');
    if (!creator.invitationCode) throw new AppError('GIVEAWAY_NO_PROMOTION_CODE');
  }
  const depositStart = params.depositStart ? new Date(params.depositStart) : null;
  const depositEnd = params.depositEnd ? new Date(params.depositEnd) : null;
  if (depositStart && depositEnd && depositStart > depositEnd) throw new AppError('GIVEAWAY_DEPOSIT_WINDOW_INVALID');
  const ids = params.vouchers;
  if (new Set(ids).size !== ids.length) throw new AppError('PARAM_INVALID', 'an item twice');

  return runInTransaction(ctx.db, async ({ tx, afterCommit }) => {
    const room = await insertGiveaway(tx, {
      kind,
      creatorId: userId,
      title: params.title,
      remark: params.remark,
      openTime: new Date(openMs),
      passwordHash: params.pwd ? passwordHashOf(ctx, params.pwd) : null,
      minDepositFen: params.minDeposit,
      depositStart,
      depositEnd,
      promotionUserId: params.requirePromotion ? userId : null,
      minVipGrade: params.minVipGrade,
      targetRound: targetRound(Math.floor(openMs / 1000)),
      ...newSeed(),
    });
    const held = await escrowItems(tx, userId, ids, room.id);
    if (held.length !== ids.length) throw new AppError('ITEM_NOT_AVAILABLE', `${held.length}/${ids.length}`);
    // The most valuable prize is drawn first (prize 1 → entry a[0]); ties by backpack id, so it is stable.
    held.sort((a, b) => b.valueFen - a.valueFen || a.id - b.id);
    await insertPrizes(
      tx,
      held.map((h, i) => ({
        giveawayId: room.id,
        position: i + 1,
        itemId: h.itemId,
        valueFen: h.valueFen,
        escrowInventoryId: h.id,
      })),
    );
    await scheduleJobs(tx, room);
    afterCommit(() => publishGiveaway(ctx, room.id));
    return giveawayView(tx, room.id, null);
  });
}

/** cancel: the creator of a streamer or own room, only while nobody has joined; the items go back. */
export async function cancelGiveaway(ctx: GiveawayCtx, userId: number, giveawayId: number): Promise<GiveawayRoom> {
  return runInTransaction(ctx.db, async ({ tx, afterCommit }) => {
    const room = await lockGiveaway(tx, giveawayId);
    if (!room) throw new AppError('GIVEAWAY_NOT_FOUND', String(giveawayId));
    if (room.creatorId !== userId) throw new AppError('GIVEAWAY_NOT_CREATOR');
    if (room.state !== 'running' || room.entriesHash !== null) throw new AppError('GIVEAWAY_NOT_RUNNING');
    if (room.entrySeq > 0) throw new AppError('GIVEAWAY_HAS_ENTRIES');
    await returnPrizes(tx, room, await prizesOf(tx, [room.id]));
    if (!(await updateGiveaway(tx, room.id, 'running', { state: 'cancelled', drawnAt: new Date() })))
      throw new AppError('INTERNAL', 'giveaway state moved under its lock');
    afterCommit(() => publishGiveaway(ctx, room.id));
    return giveawayView(tx, room.id, userId);
  });
}

/**
 * Prizes nobody won go back where they came from: escrowed items to the creator's backpack, shop units to
 * the stock. The caller holds the room's lock.
 */
export async function returnPrizes(tx: Tx, room: GiveawayRow, prizes: PrizeRow[]): Promise<void> {
  const escrowed = prizes.map((p) => p.escrowInventoryId).filter((id): id is number => id !== null);
  if (escrowed.length > 0) {
    const moved = await releaseEscrow(tx, room.creatorId!, escrowed, 'in_backpack', room.id);
    if (moved !== escrowed.length) throw new AppError('INTERNAL', `escrow ${moved}/${escrowed.length}`);
  }
  const units = new Map<number, number>();
  for (const p of prizes) if (p.stockId !== null) units.set(p.stockId, (units.get(p.stockId) ?? 0) + 1);
  for (const [stockId, quantity] of [...units].sort((a, b) => a[0] - b[0])) await restock(tx, stockId, quantity);
}
