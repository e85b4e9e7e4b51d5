import { randomBytes } from 'node:crypto';
import { publicHash, roundTime, targetRound } from '@skinfair/fairness';
import {
  EventType,
  GIVEAWAY_MAX_DURATION_MS,
  GIVEAWAY_MIN_DURATION_MS,
  GiveawayRoomType,
  GiveawayState,
  toPage,
  type CreateGiveawayParams,
  type ErrorCode,
  type GiveawayEntry,
  type GiveawayPrize,
  type GiveawayRoom,
  type GiveawayWinner,
  type Page,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor, Tx } from '../../platform/db/client.js';
import { pgErrorCode } from '../../platform/db/pg-errors.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import { itemsByIds, type ItemRow } from '../catalog/index.js';
import { tryClaimBonus, type ClaimRefusal } from '../bonus-claims/index.js';
import {
  entriesOf,
  escrowItems,
  findGiveaway,
  hasEntry,
  insertEntry,
  insertGiveaway,
  insertPrizes,
  joinedAmong,
  lockGiveaway,
  pageGiveaways,
  peopleByIds,
  playerStanding,
  prizesOf,
  releaseEscrow,
  restock,
  stockLinesInStock,
  takeStock,
  updateGiveaway,
  type GiveawayRow,
  type ListFilter,
  type PersonRow,
  type PlayerStanding,
  type PrizeRow,
} from './repo.js';
import type { GiveawayKind, GiveawayRowState } from './tables.js';
import { tryRoomPassword } from './password-guesses.js';

export const GIVEAWAY_FREEZE_JOB = 'giveaway.freeze';
export const GIVEAWAY_DRAW_JOB = 'giveaway.draw';
/** The draw waits for its beacon round as long as it takes (PF v1 §8: never another round). */
const DRAW_MAX_ATTEMPTS = 10_000;

type Hasher = Pick<AppContext, 'hash'>;
type GiveawayCtx = Pick<AppContext, 'db' | 'live' | 'hash'>;

const passwordHashOf = (ctx: Hasher, password: string) => ctx.hash('giveaway-password', password);

const stateCode: Record<GiveawayRowState, number> = {
  running: GiveawayState.running,
  ended: GiveawayState.ended,
  cancelled: GiveawayState.cancelled,
};
const kindCode: Record<GiveawayKind, number> = {
  official: GiveawayRoomType.official,
  streamer: GiveawayRoomType.streamer,
  own: GiveawayRoomType.own,
};
/** The house, as an official room's creator. */
const HOUSE = { id: 0, nickname: '官方福利', headPic: null };

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
 * transaction (OUT_OF_STOCK rolls the room back). Made by the operator CLI and the demo seed.
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

/** The conditions a player meets now (the password aside: it is checked when they try it). */
function eligibilityOf(room: GiveawayRow, s: PlayerStanding) {
  return {
    account: s.status === 'active' && !s.minor && s.verified,
    vip: s.vipGrade >= room.minVipGrade,
    deposit: room.minDepositFen === 0 || s.depositFen >= room.minDepositFen,
    promotion: room.promotionUserId === null || s.inviterId === room.promotionUserId,
    depositSoFar: s.depositFen,
  };
}

const standingFor = (ex: Executor, room: GiveawayRow, userId: number) =>
  playerStanding(ex, userId, { start: room.depositStart, end: room.depositEnd });

/** The bonus-claim refusals an official room answers in the "join failed" family's own words. */
const joinRefusal: Partial<Record<ClaimRefusal, ErrorCode>> = {
  BONUS_DEVICE_CLAIMED: 'GIVEAWAY_DEVICE_JOINED',
  BONUS_IDENTITY_CLAIMED: 'GIVEAWAY_IDENTITY_JOINED',
};

/** Why a room takes no more entries, most specific first. */
function closedReason(room: GiveawayRow, nowMs: number): 'GIVEAWAY_CANCELLED' | 'GIVEAWAY_ENDED' | null {
  if (room.state === 'cancelled') return 'GIVEAWAY_CANCELLED';
  if (room.state !== 'running' || room.entriesHash !== null || nowMs >= room.openTime.getTime()) return 'GIVEAWAY_ENDED';
  return null;
}

/**
 * partake: one entry per user, before the open time, meeting every condition (spec §8 "join failed"
 * family). The checks read without locks; the entry itself is one short statement (repo insertEntry).
 * An official room's prizes are the house's, free to whoever joins (a deposit condition is money the
 * player keeps), so it also takes one entry per device and per real-name identity (decision 0016):
 * the claim is taken before the entry, in its transaction, so the room's row is still locked last.
 */
export async function joinGiveaway(
  ctx: GiveawayCtx,
  userId: number,
  giveawayId: number,
  password?: string,
  deviceId: string | null = null,
): Promise<boolean> {
  const room = await findGiveaway(ctx.db, giveawayId);
  if (!room) throw new AppError('GIVEAWAY_NOT_FOUND', String(giveawayId));
  const closed = closedReason(room, Date.now());
  if (closed) throw new AppError(closed);
  if (room.creatorId === userId) throw new AppError('GIVEAWAY_OWN_ROOM');
  if (await hasEntry(ctx.db, giveawayId, userId)) throw new AppError('GIVEAWAY_ALREADY_JOINED');
  const standing = await standingFor(ctx.db, room, userId);
  if (!standing || standing.status !== 'active' || standing.minor) throw new AppError('GIVEAWAY_ACCOUNT_BLOCKED', `user ${userId}`);
  const met = eligibilityOf(room, standing);
  if (!met.account) throw new AppError('GIVEAWAY_VERIFY_REQUIRED');
  if (!met.vip) throw new AppError('GIVEAWAY_VIP_NOT_MET');
  if (!met.deposit) throw new AppError('GIVEAWAY_DEPOSIT_NOT_MET');
  if (!met.promotion) throw new AppError('GIVEAWAY_PROMOTION_NOT_MET');
  // Issue 24 §9: the password last, from a budget, so no answer before it depends on the password and only
  // a player who may join at all can guess (decision 0046).
  if (room.passwordHash !== null) {
    await tryRoomPassword(ctx.db, giveawayId, userId, () => !!password && passwordHashOf(ctx, password) === room.passwordHash);
  }
  try {
    return await runInTransaction(ctx.db, async ({ tx, afterCommit }) => {
      if (room.kind === 'official') {
        const refusal = await tryClaimBonus(tx, { kind: `giveaway:${giveawayId}`, userId, deviceId });
        if (refusal) throw new AppError(joinRefusal[refusal] ?? refusal, `user ${userId}`);
      }
      const entryNo = await insertEntry(tx, giveawayId, userId);
      if (entryNo === null) {
        const now = await findGiveaway(tx, giveawayId);
        throw new AppError(now ? (closedReason(now, Number.MAX_SAFE_INTEGER) ?? 'GIVEAWAY_ENDED') : 'GIVEAWAY_ENDED');
      }
      afterCommit(() => publishThrottled(ctx, giveawayId));
      return true;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new AppError('GIVEAWAY_ALREADY_JOINED');
    throw err;
  }
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

// ---- views ---------------------------------------------------------------------------------------------

/** 玩***88: enough to find one's own entry, not enough to identify a stranger. */
export function maskNickname(nickname: string): string {
  const chars = [...nickname];
  if (chars.length <= 1) return `${chars[0] ?? ''}***`;
  if (chars.length <= 3) return `${chars[0]}***`;
  return `${chars[0]}***${chars.slice(-2).join('')}`;
}

const personOf = (p: PersonRow | undefined, id: number, mask: boolean) => ({
  id,
  nickname: p ? (mask ? maskNickname(p.nickname) : p.nickname) : '',
  headPic: p?.avatar ?? null,
});

function prizeView(p: PrizeRow, items: Map<number, ItemRow>, people: Map<number, PersonRow>): GiveawayPrize {
  const item = items.get(p.itemId);
  return {
    id: p.id,
    position: p.position,
    giftId: p.itemId,
    giftName: item?.name ?? '',
    giftImage: item?.image ?? null,
    grade: item?.grade ?? 0,
    recoveryPrice: p.valueFen,
    winnerInfo: p.winnerUserId === null ? null : personOf(people.get(p.winnerUserId), p.winnerUserId, true),
    winnerEntryNo: p.winnerEntryNo,
  };
}

interface Viewer {
  userId: number | null;
  /** Whether to compute the viewer's eligibility (the detail does; lists do not). */
  eligibility: boolean;
}

async function roomViews(ex: Executor, rows: GiveawayRow[], viewer: Viewer, nowMs = Date.now()): Promise<GiveawayRoom[]> {
  const ids = rows.map((r) => r.id);
  const prizes = await prizesOf(ex, ids);
  const items = new Map((await itemsByIds(ex, [...new Set(prizes.map((p) => p.itemId))])).map((i) => [i.id, i]));
  const people = await peopleByIds(ex, [
    ...new Set([
      ...rows.flatMap((r) => [r.creatorId, r.promotionUserId]).filter((u): u is number => u !== null),
      ...prizes.map((p) => p.winnerUserId).filter((u): u is number => u !== null),
    ]),
  ]);
  const joined = viewer.userId === null ? new Set<number>() : await joinedAmong(ex, viewer.userId, ids);
  const byRoom = new Map<number, PrizeRow[]>();
  for (const p of prizes) byRoom.set(p.giveawayId, [...(byRoom.get(p.giveawayId) ?? []), p]);
  return Promise.all(
    rows.map(async (r) => {
      const own = byRoom.get(r.id) ?? [];
      const drawn = r.state === 'ended';
      const standing = viewer.userId !== null && viewer.eligibility ? await standingFor(ex, r, viewer.userId) : null;
      return {
        id: r.id,
        title: r.title,
        remark: r.remark,
        banner: r.banner,
        roomType: kindCode[r.kind],
        state: stateCode[r.state],
        creator: r.creatorId === null ? HOUSE : personOf(people.get(r.creatorId), r.creatorId, false),
        createTime: toIso(r.createdAt),
        openTime: toIso(r.openTime),
        leftTime: r.state === 'running' ? Math.max(0, r.openTime.getTime() - nowMs) : 0,
        poolValue: own.reduce((sum, p) => sum + p.valueFen, 0),
        giftCount: own.length,
        userCount: r.entrySeq,
        joinFlag: joined.has(r.id),
        pwdFlag: r.passwordHash !== null,
        demo: r.demo,
        conditions: {
          password: r.passwordHash !== null,
          minDeposit: r.minDepositFen,
          depositStart: r.depositStart ? toIso(r.depositStart) : null,
          depositEnd: r.depositEnd ? toIso(r.depositEnd) : null,
          promotionCode: r.promotionUserId === null ? null : (people.get(r.promotionUserId)?.invitationCode ?? ''),
          minVipGrade: r.minVipGrade,
        },
        eligibility: standing ? eligibilityOf(r, standing) : null,
        publicHash: r.publicHash,
        targetRound: r.targetRound,
        entriesHash: r.entriesHash,
        entryCount: r.entryCount,
        beaconSource: r.beaconSource,
        beaconSignature: r.beaconSignature,
        randomness: r.randomness,
        // PF v1 §8: revealed only after the draw (a cancelled room never drew: its seed stays hidden).
        serverSeed: drawn ? r.serverSeed : null,
        secretSalt: drawn ? r.secretSalt : null,
        drawTime: drawn && r.drawnAt ? toIso(r.drawnAt) : null,
        giftVos: own.map((p) => prizeView(p, items, people)),
      };
    }),
  );
}

export async function giveawayView(ex: Executor, giveawayId: number, userId: number | null): Promise<GiveawayRoom> {
  const room = await findGiveaway(ex, giveawayId);
  if (!room) throw new AppError('GIVEAWAY_NOT_FOUND', String(giveawayId));
  return (await roomViews(ex, [room], { userId, eligibility: userId !== null }))[0]!;
}

const LIST_STATES: GiveawayRowState[] = ['running', 'ended'];
const statesOf = (code: number): GiveawayRowState[] =>
  code === -1
    ? LIST_STATES
    : (Object.entries(stateCode) as Array<[GiveawayRowState, number]>).filter(([, c]) => c === code).map(([s]) => s);

/** page: type 0 the rooms I joined, 1 official, 2 streamer and own; state -1 running and ended. */
export async function pageOfGiveaways(
  ex: Executor,
  userId: number | null,
  params: { type: number; state: number; page: number; pageSize: number },
): Promise<Page<GiveawayRoom>> {
  const states = statesOf(params.state);
  if (states.length === 0) return toPage([], params.page, params.pageSize, 0);
  let filter: ListFilter;
  if (params.type === 0) {
    if (userId === null) throw new AppError('NOT_LOGGED_IN');
    filter = { states, joinedBy: userId };
  } else filter = { states, kinds: params.type === 1 ? ['official'] : ['streamer', 'own'] };
  const { rows, totalRows } = await pageGiveaways(ex, filter, params.page, params.pageSize);
  return toPage(await roomViews(ex, rows, { userId, eligibility: false }), params.page, params.pageSize, totalRows);
}

/** listHostGiveaway (home page): the running rooms drawing soonest, official ones first. */
export async function hostGiveaways(ex: Executor, userId: number | null, size = 6): Promise<GiveawayRoom[]> {
  const official = await pageGiveaways(ex, { states: ['running'], kinds: ['official'] }, 1, size);
  const rest =
    official.rows.length < size
      ? await pageGiveaways(ex, { states: ['running'], kinds: ['streamer', 'own'] }, 1, size - official.rows.length)
      : { rows: [] };
  return roomViews(ex, [...official.rows, ...rest.rows], { userId, eligibility: false });
}

export async function prizeList(ex: Executor, giveawayId: number): Promise<GiveawayPrize[]> {
  return (await giveawayView(ex, giveawayId, null)).giftVos;
}

/**
 * partakeList: every entry in join order, masked nicknames. The user ids come out with the draw (PF v1 §8:
 * then anyone recomputes entriesHash from "{entryNo}:{userId}"); before it the list names nobody by id
 * (issue 24 §14), and the viewer finds their own entry by `mine`.
 */
export async function entryList(ex: Executor, giveawayId: number, viewerId: number | null = null): Promise<GiveawayEntry[]> {
  const room = await findGiveaway(ex, giveawayId);
  if (!room) throw new AppError('GIVEAWAY_NOT_FOUND', String(giveawayId));
  const drawn = room.state === 'ended';
  const entries = await entriesOf(ex, giveawayId);
  const people = await peopleByIds(ex, [...new Set(entries.map((e) => e.userId))]);
  return entries.map((e) => {
    const p = people.get(e.userId);
    return {
      entryNo: e.entryNo,
      userId: drawn ? e.userId : null,
      mine: e.userId === viewerId,
      nickname: maskNickname(p?.nickname ?? ''),
      headPic: p?.avatar ?? null,
      createTime: toIso(e.createdAt),
    };
  });
}

/** winnerList: each winner once, with their entry number and the prizes they won, in prize order. */
export async function winnerList(ex: Executor, giveawayId: number): Promise<GiveawayWinner[]> {
  const room = await giveawayView(ex, giveawayId, null);
  const winners = new Map<number, GiveawayWinner>();
  for (const prize of room.giftVos) {
    if (!prize.winnerInfo || prize.winnerEntryNo === null) continue;
    const w = winners.get(prize.winnerInfo.id) ?? { ...prize.winnerInfo, entryNo: prize.winnerEntryNo, giftVos: [] };
    w.giftVos.push(prize);
    winners.set(prize.winnerInfo.id, w);
  }
  return [...winners.values()];
}

// ---- live ----------------------------------------------------------------------------------------------

/** Event 41: the room as a guest sees it (no joinFlag, no eligibility), after each commit. */
export async function publishGiveaway(ctx: Pick<AppContext, 'db'> & { live: LivePublisher }, giveawayId: number) {
  const room = await giveawayView(ctx.db, giveawayId, null);
  ctx.live.publish({ eventType: EventType.GIVEAWAY_STATE, data: room });
}

/**
 * Joins publish at most once a second per room and node: the first at once, the rest folded into one
 * trailing publish with the count as it is then (500 joins in a second make 2 events, not 500).
 */
export const JOIN_PUBLISH_INTERVAL_MS = 1_000;
const lastPublish = new WeakMap<LivePublisher, Map<number, { at: number; pending: boolean }>>();

function publishThrottled(ctx: Pick<AppContext, 'db'> & { live: LivePublisher }, giveawayId: number): void {
  let rooms = lastPublish.get(ctx.live);
  if (!rooms) lastPublish.set(ctx.live, (rooms = new Map()));
  const now = Date.now();
  const seen = rooms.get(giveawayId);
  const publish = () => {
    rooms.set(giveawayId, { at: Date.now(), pending: false });
    void publishGiveaway(ctx, giveawayId).catch(() => undefined);
  };
  if (!seen || now - seen.at >= JOIN_PUBLISH_INTERVAL_MS) return publish();
  if (seen.pending) return;
  seen.pending = true;
  setTimeout(publish, seen.at + JOIN_PUBLISH_INTERVAL_MS - now).unref();
}
