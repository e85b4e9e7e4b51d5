import { randomBytes } from 'node:crypto';
import { battleSeatsDigest, publicHash, roundTime, targetRound } from '@skinfair/fairness';
import { BATTLE_ROUND_MS, BattleStateCode, EventType, toPage, type BattleDetail, type Page } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor, Tx } from '../../platform/db/client.js';
import { toInt, toIso } from '../../platform/db/rows.js';
import { runInTransaction, runRawTransaction } from '../../platform/db/tx.js';
import type { RawConnection } from '../../platform/db/raw.js';
import { assertMayPlay } from '../protection/index.js';
import { AppError } from '../../platform/errors.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { credit, houseAccountId, splitSpend, transfersExpected } from '../../platform/ledger/index.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import { itemsByIds, loadBoxForOpening } from '../catalog/index.js';
import { LOCK_FOR_ENTRY, WRITE_ENTRY, type LockedForEntry, type WrittenEntry } from './entry-statements.js';
import {
  boxesOf,
  boxInfos,
  botRecords,
  botsByIds,
  ensureBots,
  findBattleByCode,
  findBattleById,
  findBot,
  insertBattle,
  insertBattleBoxes,
  insertBotSeat,
  listBots,
  lockUserAccounts,
  lockBattleByCode,
  lockBattleById,
  pageBattles,
  playersByIds,
  seatsOf,
  updateBattle,
  type BattleRow,
  type ListFilter,
  type SeatRow,
} from './repo.js';
import { battleRules, ruleOfCode } from './rules.js';
import type { BattleState } from './tables.js';

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
  title?: string | undefined;
  password?: string | undefined;
}

/**
 * create (spec §7): the boxes' versions, odds and item values are fixed now (PF v1 §7.1, W9); the creator
 * pays the entry price (the sum of the box prices) and sits in seat 1, in one transaction.
 */
export async function createBattle(ctx: BattleCtx, userId: number, input: CreateBattleInput): Promise<BattleDetail> {
  const rule = ruleOfCode(input.mode);
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
    await writeEntry(conn, battle.id, 1, userId, entry);
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

interface Entry {
  locked: LockedForEntry;
  split: ReturnType<typeof splitSpend>;
  clientSeed: string;
}

/**
 * A human seat snapshots the player's active client seed (PF v1 §7.2). A player who has given none (no
 * pairs yet, or a pair made without one) is refused before anything is paid: the server never makes a
 * seed up (issue 24 §13); the web gives the browser's seed and asks again.
 */
async function lockForEntry(conn: RawConnection, userId: number, amountFen: number): Promise<Entry> {
  const [locked] = await conn.query<LockedForEntry>(LOCK_FOR_ENTRY, [userId]);
  if (!locked || locked.status !== 'active') throw new AppError('ACCOUNT_DISABLED', `user ${userId}`);
  if (locked.minor) throw new AppError('SPENDING_BLOCKED', 'minor');
  if (locked.client_seed === null) throw new AppError('CLIENT_SEED_MISSING', `user ${userId}`);
  if (locked.protected) await assertMayPlay(conn.drizzle(), userId, amountFen);
  const split = splitSpend(locked, amountFen);
  return { locked, split, clientSeed: locked.client_seed };
}

async function writeEntry(conn: RawConnection, battleId: number, seat: number, userId: number, entry: Entry): Promise<void> {
  const { locked, split } = entry;
  const [written] = await conn.query<WrittenEntry>(WRITE_ENTRY, [
    locked.coin_id,
    split.coinFen,
    locked.point_id,
    split.pointFen,
    houseAccountId('revenue', userId),
    String(battleId),
    battleId,
    seat,
    userId,
    entry.clientSeed,
  ]);
  if (toInt(written?.transfers) !== transfersExpected(split)) throw new AppError('INSUFFICIENT_BALANCE', 'debit refused');
  if (toInt(written?.seated) !== 1) throw new AppError('INTERNAL', 'seat not written');
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
  afterCommit: (fn: () => void) => void,
  battleId: number,
): Promise<void> {
  const battle = await lockBattleById(tx, battleId);
  if (!battle || battle.state !== 'waiting') return;
  await refundSeats(tx, battle, 'cancelled');
  afterCommit(() => publishBattle(ctx, battleId, EventType.BATTLE_STATE));
}

export function publishBattle(
  ctx: Pick<AppContext, 'db'> & { live: LivePublisher },
  battleId: number,
  eventType: typeof EventType.BATTLE_CREATED | typeof EventType.BATTLE_STATE,
): Promise<void> {
  return battleDetail(ctx.db, battleId).then((detail) => {
    // Private rooms are not announced to everyone: their link is the way in.
    if (!detail.private) ctx.live.publish({ eventType, data: detail });
  });
}

const closed = (state: BattleState) => state === 'ended' || state === 'voided' || state === 'cancelled';

/**
 * Rounds shown so far: an ended battle reveals one round every BATTLE_ROUND_MS from its end, the same for
 * every watcher, so a late arrival joins the animation in step (issue 12). The winner and the seed show
 * once every round is out.
 */
export function revealedRounds(b: Pick<BattleRow, 'state' | 'endedAt'>, rounds: number, nowMs: number): number {
  if (b.state !== 'ended' || !b.endedAt) return 0;
  return Math.min(rounds, Math.max(0, Math.floor((nowMs - b.endedAt.getTime()) / BATTLE_ROUND_MS)) + 1);
}

export async function battleDetail(ex: Executor, battleId: number, nowMs = Date.now()): Promise<BattleDetail> {
  const battle = await findBattleById(ex, battleId);
  if (!battle) throw new AppError('BATTLE_NOT_FOUND', String(battleId));
  return (await detailsOf(ex, [battle], nowMs))[0]!;
}

export async function battleDetailByCode(ex: Executor, code: string): Promise<BattleDetail> {
  const battle = await findBattleByCode(ex, code);
  if (!battle) throw new AppError('BATTLE_NOT_FOUND', code);
  return (await detailsOf(ex, [battle]))[0]!;
}

async function detailsOf(ex: Executor, rows: BattleRow[], nowMs = Date.now()): Promise<BattleDetail[]> {
  const allOut = (b: BattleRow, rounds: number) => b.state !== 'ended' || revealedRounds(b, rounds, nowMs) >= rounds;
  const perBattle = await Promise.all(rows.map(async (b) => ({ b, boxes: await boxesOf(ex, b.id), seats: await seatsOf(ex, b.id) })));
  const boxes = await boxInfos(ex, [...new Set(perBattle.flatMap((p) => p.boxes.map((x) => x.boxId)))]);
  const players = await playersByIds(ex, [
    ...new Set(perBattle.flatMap((p) => p.seats.map((s) => s.userId).filter((u): u is number => u !== null))),
  ]);
  const bots = await botsByIds(ex, [
    ...new Set(perBattle.flatMap((p) => p.seats.map((s) => s.botId).filter((u): u is number => u !== null))),
  ]);
  return perBattle.map(({ b, boxes: bx, seats }) => ({
    id: b.id,
    battleCode: b.code,
    title: b.title,
    mode: battleRules[b.rule as keyof typeof battleRules].code,
    state: BattleStateCode[b.state],
    countCustomer: b.seats,
    customerId: b.creatorId,
    totalPrice: b.entryPriceFen,
    private: b.passwordHash !== null,
    publicHash: b.publicHash,
    lockedAt: b.lockedAt ? toIso(b.lockedAt) : null,
    targetRound: b.targetRound,
    seatsDigest: b.seatsDigest,
    beaconSource: b.beaconSource,
    randomness: b.randomness,
    // Published with the randomness (PF v1 §10), so anyone can check the BLS signature of round R.
    beaconSignature: b.beaconSignature,
    serverSeed: closed(b.state) && b.lockedAt && allOut(b, bx.length) ? b.serverSeed : null,
    secretSalt: closed(b.state) && b.lockedAt && allOut(b, bx.length) ? b.secretSalt : null,
    winnerPos: allOut(b, bx.length) ? b.winnerSeat : null,
    createTime: toIso(b.createdAt),
    revealStartAt: b.state === 'ended' && b.endedAt ? toIso(b.endedAt) : null,
    roundMs: BATTLE_ROUND_MS,
    revealedRounds: revealedRounds(b, bx.length, nowMs),
    boxList: bx.map((x) => ({
      round: x.round,
      boxId: x.boxId,
      boxName: boxes.get(x.boxId)?.name ?? '',
      boxImage: boxes.get(x.boxId)?.image ?? null,
      boxPrice: x.priceFen,
      version: x.version,
      oddsHash: x.oddsHash,
    })),
    customerList: seats.map((s) => {
      const player = s.userId !== null ? players.get(s.userId) : undefined;
      const bot = s.botId !== null ? bots.get(s.botId) : undefined;
      return {
        pos: s.seat,
        customerId: s.userId,
        botId: s.botId,
        nickname: player?.nickname ?? bot?.nickname ?? '',
        headPic: player?.avatar ?? bot?.headPic ?? null,
        isBot: s.botId !== null,
        clientSeed: s.clientSeed,
      };
    }),
  }));
}

export async function getBots(ctx: Pick<AppContext, 'db'>) {
  await ensureBots(ctx.db);
  const records = await botRecords(ctx.db);
  return (await listBots(ctx.db))
    .filter((bot) => bot.enabled)
    .map((bot) => {
      const r = records.get(bot.id) ?? { played: 0, won: 0, valueWonFen: 0, valueLostFen: 0 };
      return {
        botId: bot.id,
        nickname: bot.nickname,
        headPic: bot.headPic,
        played: r.played,
        won: r.won,
        profitFen: r.valueWonFen - r.valueLostFen,
      };
    });
}

export async function pageOfBattles(ex: Executor, filter: ListFilter, page: number, pageSize: number): Promise<Page<BattleDetail>> {
  const { rows, totalRows } = await pageBattles(ex, filter, page, pageSize);
  return toPage(await detailsOf(ex, rows), page, pageSize, totalRows);
}
