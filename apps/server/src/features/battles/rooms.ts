import { randomBytes } from 'node:crypto';
import { battleSeatsDigest, publicHash, roundTime, targetRound } from '@skinfair/fairness';
import { EventType, type BattleDetail } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../platform/db/client.js';
import { runInTransaction, runRawTransaction, type TxScope } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { credit } from '../../platform/ledger/index.js';
import { itemsByIds, loadBoxForOpening } from '../catalog/index.js';
import {
  ensureBots,
  findBot,
  insertBattle,
  insertBattleBoxes,
  insertBotSeat,
  listBots,
  lockUserAccounts,
  lockBattleByCode,
  lockBattleById,
  seatsOf,
  updateBattle,
  type BattleRow,
  type SeatRow,
} from './repo.js';
import { ruleOfCode } from './rules.js';
import { lockForEntry, writeEntry } from './seat-entry.js';
import type { BattleState } from './tables.js';
import { battleDetail, publishBattle } from './views.js';

export const BATTLE_DRAW_JOB = 'battle.draw';
export const BATTLE_EXPIRE_JOB = 'battle.expire';
/** A waiting room nobody fills is cancelled and refunded after this (decision 0025). */
export const BATTLE_WAIT_TIMEOUT_MS = 30 * 60_000;

type BattleCtx = Pick<AppContext, 'db' | 'live' | 'hash'>;

const passwordHashOf = (ctx: Pick<AppContext, 'hash'>, password: string) => ctx.hash('battle-password', password);
const newBattleCode = () => randomBytes(12).toString('base64url');

export interface CreateBattleInput {
  boxIds: number[];
  seats: number;
  mode: number;
  /** The creator's seat, 1..seats; seat 1 when not given (api-shapes §4.4). */
  pos?: number | undefined;
  title?: string | undefined;
  password?: string | undefined;
}

/**
 * create (spec §7): the boxes' versions, odds and item values are fixed now (PF v1 §7.1, W9); the creator
 * pays the entry price (the sum of the box prices) and sits in the seat they chose (seat 1 by default), in
 * one transaction. The draw and the views go by seat number, so the creator's seat changes nothing else.
 */
export async function createBattle(ctx: BattleCtx, userId: number, input: CreateBattleInput): Promise<BattleDetail> {
  const rule = ruleOfCode(input.mode);
  const creatorSeat = input.pos ?? 1;
  // The contract bounds it too; this keeps a direct caller from writing a seat the room does not have.
  if (!Number.isInteger(creatorSeat) || creatorSeat < 1 || creatorSeat > input.seats)
    throw new AppError('PARAM_INVALID', `seat ${creatorSeat} of ${input.seats}`);
  return runRawTransaction(ctx.db, async ({ conn, afterCommit }) => {
    const tx = conn.drizzle();
    const loaded = new Map<number, Awaited<ReturnType<typeof loadBoxForOpening>>>();
    for (const boxId of new Set(input.boxIds)) {
      const box = await loadBoxForOpening(tx, boxId);
      // Free boxes are granted, never sold: they cannot be a battle's paid round.
      // …and the console may keep a box out of battles (issue 16: battle eligibility).
      if (!box.box.enabled || box.box.boxType !== 1 || !box.box.battleEligible) throw new AppError('BOX_DISABLED', `box ${boxId}`);
      loaded.set(boxId, box);
    }
    const entryPriceFen = input.boxIds.reduce((sum, id) => sum + loaded.get(id)!.box.priceFen, 0);
    // Item values are read now, not from the version cache: the snapshot is the price at creation (W9).
    const itemIds = [...new Set([...loaded.values()].flatMap((b) => b.ranges.map((r) => r.itemId)))];
    const valueOf = new Map((await itemsByIds(tx, itemIds)).map((i) => [i.id, i.recoveryPriceFen]));
    const entry = await lockForEntry(conn, userId, entryPriceFen);
    const serverSeed = randomBytes(32).toString('hex');
    const secretSalt = randomBytes(16).toString('hex');
    const battle = await insertBattle(tx, {
      code: newBattleCode(),
      creatorId: userId,
      title: input.title ?? '',
      rule,
      seats: input.seats,
      entryPriceFen,
      passwordHash: input.password ? passwordHashOf(ctx, input.password) : null,
      serverSeed,
      secretSalt,
      publicHash: publicHash(serverSeed, secretSalt),
    });
    await insertBattleBoxes(
      tx,
      input.boxIds.map((boxId, i) => {
        const box = loaded.get(boxId)!;
        return {
          battleId: battle.id,
          round: i + 1,
          boxId,
          version: box.version,
          oddsHash: box.oddsHash,
          priceFen: box.box.priceFen,
          itemPrices: Object.fromEntries(box.ranges.map((r) => [String(r.itemId), valueOf.get(r.itemId)!])),
        };
      }),
    );
    await writeEntry(conn, battle.id, creatorSeat, userId, entry);
    await enqueueJob(tx, {
      kind: BATTLE_EXPIRE_JOB,
      payload: { battleId: battle.id },
      runAt: new Date(Date.now() + BATTLE_WAIT_TIMEOUT_MS),
      dedupeKey: `battle-expire:${battle.id}`,
    });
    afterCommit(() => publishBattle(ctx, battle.id, EventType.BATTLE_CREATED));
    // The answer is read before COMMIT, as in every call here: it is what an Idempotency-Key records with
    // the effect, and a read after COMMIT on a dropped connection would answer "busy" for a paid seat.
    return battleDetail(tx, battle.id);
  });
}

/** Seat `pos`, or the first free one for 0. */
function chooseSeat(battle: BattleRow, seats: SeatRow[], pos: number): number {
  const taken = new Set(seats.map((s) => s.seat));
  if (pos > battle.seats) throw new AppError('PARAM_INVALID', `seat ${pos} of ${battle.seats}`);
  if (pos > 0) {
    if (taken.has(pos)) throw new AppError('BATTLE_SEAT_TAKEN');
    return pos;
  }
  for (let s = 1; s <= battle.seats; s++) if (!taken.has(s)) return s;
  throw new AppError('BATTLE_NOT_WAITING', 'full');
}

function requireWaiting(battle: BattleRow | null, code: string): BattleRow {
  if (!battle) throw new AppError('BATTLE_NOT_FOUND', code);
  if (battle.state !== 'waiting') throw new AppError('BATTLE_NOT_WAITING', battle.state);
  return battle;
}

/** joinBattle: pays the entry price and sits; the last seat locks the battle. */
export async function joinBattle(ctx: BattleCtx, userId: number, code: string, pos: number, password?: string): Promise<BattleDetail> {
  return runRawTransaction(ctx.db, async ({ conn, afterCommit }) => {
    const tx = conn.drizzle();
    const battle = requireWaiting(await lockBattleByCode(tx, code), code);
    if (battle.passwordHash !== null && (!password || passwordHashOf(ctx, password) !== battle.passwordHash))
      throw new AppError('BATTLE_PASSWORD_WRONG');
    const seats = await seatsOf(tx, battle.id);
    if (seats.some((s) => s.userId === userId)) throw new AppError('BATTLE_ALREADY_JOINED');
    const seat = chooseSeat(battle, seats, pos);
    const entry = await lockForEntry(conn, userId, battle.entryPriceFen);
    await writeEntry(conn, battle.id, seat, userId, entry);
    await lockIfFull(tx, battle, [...seats, { seat, clientSeed: entry.clientSeed }]);
    afterCommit(() => publishBattle(ctx, battle.id, EventType.BATTLE_STATE));
    return battleDetail(tx, battle.id);
  });
}

/** joinBot: only the creator adds a bot; a bot pays nothing (decision 0025). */
export async function joinBot(ctx: BattleCtx, userId: number, code: string, pos: number, botId?: number): Promise<BattleDetail> {
  await ensureBots(ctx.db);
  return runInTransaction(ctx.db, async ({ tx, afterCommit }) => {
    const battle = requireWaiting(await lockBattleByCode(tx, code), code);
    if (battle.creatorId !== userId) throw new AppError('BATTLE_NOT_CREATOR');
    const seats = await seatsOf(tx, battle.id);
    const seatedBots = new Set(seats.map((s) => s.botId).filter((b): b is number => b !== null));
    let bot: number;
    if (botId !== undefined) {
      // A bot the console disabled is not offered for new seats (issue 16 screen 9).
      if (!(await findBot(tx, botId))?.enabled || seatedBots.has(botId)) throw new AppError('BATTLE_BOT_UNAVAILABLE', `bot ${botId}`);
      bot = botId;
    } else {
      const free = (await listBots(tx)).find((b) => b.enabled && !seatedBots.has(b.id));
      if (!free) throw new AppError('BATTLE_BOT_UNAVAILABLE', 'none free');
      bot = free.id;
    }
    const seat = chooseSeat(battle, seats, pos);
    // PF v1 §1: a bot's client seed is `bot-<seat>`; bots have no entropy of their own (W4 is closed by the beacon).
    const clientSeed = `bot-${seat}`;
    await insertBotSeat(tx, { battleId: battle.id, seat, botId: bot, clientSeed });
    await lockIfFull(tx, battle, [...seats, { seat, clientSeed }]);
    afterCommit(() => publishBattle(ctx, battle.id, EventType.BATTLE_STATE));
    return battleDetail(tx, battle.id);
  });
}

/**
 * PF v1 §7.3: when the last seat fills, lockedAt, the target round R = roundAt(lockedAt) + 3 and the
 * seats digest are fixed and published; the draw job runs once round R should exist.
 */
async function lockIfFull(tx: Tx, battle: BattleRow, seats: Array<Pick<SeatRow, 'seat' | 'clientSeed'>>): Promise<void> {
  if (seats.length < battle.seats) return;
  const lockedAtMs = Date.now();
  const round = targetRound(Math.floor(lockedAtMs / 1000));
  const seatsDigest = battleSeatsDigest([...seats].sort((a, b) => a.seat - b.seat).map((s) => s.clientSeed));
  const moved = await updateBattle(tx, battle.id, 'waiting', {
    state: 'running',
    lockedAt: new Date(lockedAtMs),
    targetRound: round,
    seatsDigest,
  });
  if (!moved) throw new AppError('BATTLE_NOT_WAITING', 'lost lock');
  await enqueueJob(tx, {
    kind: BATTLE_DRAW_JOB,
    payload: { battleId: battle.id },
    runAt: new Date(roundTime(round) * 1000),
    dedupeKey: `battle-draw:${battle.id}`,
    // Retried until the beacon deadline passes (the draw voids the battle then); the back-off decides how often.
    maxAttempts: 30,
  });
}

/** cancel: the creator only, only while waiting; every human seat gets back exactly what it paid. */
export async function cancelBattle(ctx: BattleCtx, userId: number, code: string): Promise<BattleDetail> {
  return runInTransaction(ctx.db, async ({ tx, afterCommit }) => {
    const battle = await lockBattleByCode(tx, code);
    if (!battle) throw new AppError('BATTLE_NOT_FOUND', code);
    if (battle.creatorId !== userId) throw new AppError('BATTLE_NOT_CREATOR');
    requireWaiting(battle, code);
    await refundSeats(tx, battle, 'cancelled');
    afterCommit(() => publishBattle(ctx, battle.id, EventType.BATTLE_STATE));
    return battleDetail(tx, battle.id);
  });
}

/** Refunds every human seat to the kinds it paid with, and closes the battle; the caller holds its lock. */
export async function refundSeats(
  tx: Tx,
  battle: BattleRow,
  to: Extract<BattleState, 'cancelled' | 'voided'>,
  /** Why, when an operator cancels (the ledger keeps it with each refund). */
  memo?: string,
): Promise<void> {
  const seats = await seatsOf(tx, battle.id);
  // Accounts before the house shards, as every spend does: no lock-order cycle with a player's opening.
  await lockUserAccounts(
    tx,
    seats.map((s) => s.userId).filter((u): u is number => u !== null),
  );
  for (const seat of seats) {
    if (seat.userId === null) continue;
    const common = {
      userId: seat.userId,
      from: 'revenue' as const,
      code: 'battle_refund' as const,
      refType: 'battle',
      refId: battle.id,
      ...(memo ? { memo } : {}),
    };
    if (seat.coinFen > 0) await credit(tx, { ...common, kind: 'coin', amountFen: seat.coinFen });
    if (seat.pointFen > 0) await credit(tx, { ...common, kind: 'point', amountFen: seat.pointFen });
  }
  if (!(await updateBattle(tx, battle.id, battle.state, { state: to, endedAt: new Date() })))
    throw new AppError('INTERNAL', 'battle state moved under its lock');
}

/** The expiry job: a room still waiting after BATTLE_WAIT_TIMEOUT_MS is cancelled and refunded. */
export async function expireBattle(
  ctx: Pick<AppContext, 'live' | 'db' | 'hash'>,
  tx: Tx,
  // The job's own afterCommit, which waits for a returned promise and keeps its failure from going unhandled.
  afterCommit: TxScope['afterCommit'],
  battleId: number,
): Promise<void> {
  const battle = await lockBattleById(tx, battleId);
  if (!battle || battle.state !== 'waiting') return;
  await refundSeats(tx, battle, 'cancelled');
  afterCommit(() => publishBattle(ctx, battleId, EventType.BATTLE_STATE));
}
