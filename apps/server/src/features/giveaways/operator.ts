import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import {
  GIVEAWAY_MAX_DURATION_MS,
  GIVEAWAY_MIN_DURATION_MS,
  type AdminGiveaway,
  type AdminGiveawayDetail,
  type AdminGiveawayStock,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../platform/db/client.js';
import { queryRows, toInt, toIso } from '../../platform/db/rows.js';
import type { TxScope } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { itemsByIds } from '../catalog/index.js';
import { lockGiveaway, peopleByIds, prizesOf, updateGiveaway, type GiveawayRow, type PrizeRow } from './repo.js';
import { publishGiveaway } from './live.js';
import { insertOfficialGiveaway, returnPrizes, type NewOfficialGiveaway } from './rooms.js';
import { giveaways, type GiveawayKind, type GiveawayRowState } from './tables.js';

/**
 * What the operator console (issue 16 screen 9) reads and changes in giveaway rooms: official rooms are
 * made by the same `insertOfficialGiveaway` as the operator CLI, and a cancel returns the prizes the way
 * the creator's cancel and an empty room do (`returnPrizes`).
 */

export interface OperatorGiveawayFilter {
  state?: GiveawayRowState | undefined;
  kind?: GiveawayKind | undefined;
  creatorId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * An operator may cancel a room of any kind while it still takes entries: running, its entries not yet
 * frozen and its open time not reached. Then nothing about the draw is known to anyone (the entries'
 * hash is not fixed and the beacon round lies in the future), so a cancel chooses no outcome. After the
 * open time the room is left to its freeze and draw. Entries cost nothing (conditions only), so there is
 * no money to give back; the prizes go back where they came from.
 */
const cancellable = (r: GiveawayRow, nowMs: number) => r.state === 'running' && r.entriesHash === null && r.openTime.getTime() > nowMs;

function toAdminGiveaway(r: GiveawayRow, prizes: PrizeRow[], nowMs: number): AdminGiveaway {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    title: r.title,
    creatorId: r.creatorId,
    openTime: toIso(r.openTime),
    createdAt: toIso(r.createdAt),
    prizeCount: prizes.length,
    poolValueFen: prizes.reduce((s, p) => s + p.valueFen, 0),
    entryCount: r.entrySeq,
    private: r.passwordHash !== null,
    demo: r.demo,
    cancellable: cancellable(r, nowMs),
  };
}

export async function operatorGiveawayPage(
  ex: Executor,
  f: OperatorGiveawayFilter,
  page: number,
  pageSize: number,
  nowMs = Date.now(),
): Promise<{ rows: AdminGiveaway[]; totalRows: number }> {
  const parts: SQL[] = [];
  if (f.state) parts.push(eq(giveaways.state, f.state));
  if (f.kind) parts.push(eq(giveaways.kind, f.kind));
  if (f.creatorId !== undefined) parts.push(eq(giveaways.creatorId, f.creatorId));
  if (f.from) parts.push(gte(giveaways.createdAt, f.from));
  if (f.to) parts.push(lt(giveaways.createdAt, f.to));
  const where = parts.length ? and(...parts) : undefined;
  const rows = await ex
    .select()
    .from(giveaways)
    .where(where)
    .orderBy(desc(giveaways.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await ex.select({ n: count() }).from(giveaways).where(where);
  const prizes = await prizesOf(
    ex,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) =>
      toAdminGiveaway(
        r,
        prizes.filter((p) => p.giveawayId === r.id),
        nowMs,
      ),
    ),
    totalRows: total?.n ?? 0,
  };
}

export async function operatorGiveawayDetail(ex: Executor, giveawayId: number, nowMs = Date.now()): Promise<AdminGiveawayDetail> {
  const [r] = await ex.select().from(giveaways).where(eq(giveaways.id, giveawayId));
  if (!r) throw new AppError('GIVEAWAY_NOT_FOUND', String(giveawayId));
  const prizes = await prizesOf(ex, [r.id]);
  const names = new Map((await itemsByIds(ex, [...new Set(prizes.map((p) => p.itemId))])).map((i) => [i.id, i.name]));
  return {
    giveaway: toAdminGiveaway(r, prizes, nowMs),
    remark: r.remark,
    banner: r.banner,
    conditions: {
      minDepositFen: r.minDepositFen,
      depositStart: r.depositStart ? toIso(r.depositStart) : null,
      depositEnd: r.depositEnd ? toIso(r.depositEnd) : null,
      promotionUserId: r.promotionUserId,
      minVipGrade: r.minVipGrade,
    },
    publicHash: r.publicHash,
    targetRound: r.targetRound,
    entriesHash: r.entriesHash,
    drawnAt: r.drawnAt ? toIso(r.drawnAt) : null,
    prizes: prizes.map((p) => ({
      position: p.position,
      itemId: p.itemId,
      itemName: names.get(p.itemId) ?? '',
      valueFen: p.valueFen,
      source: p.stockId !== null ? 'stock' : 'escrow',
      stockId: p.stockId,
      winnerUserId: p.winnerUserId,
      winnerEntryNo: p.winnerEntryNo,
    })),
  };
}

/** The shop stock lines with units left, for choosing an official room's prizes. */
export async function operatorStockLines(ex: Executor): Promise<AdminGiveawayStock[]> {
  const rows = await queryRows<{
    id: unknown;
    item_id: unknown;
    name: string;
    price: unknown;
    stock: unknown;
  }>(
    ex,
    sql`SELECT s.id, s.item_id, i.name, i.recovery_price_fen AS price, s.stock
        FROM shop_stock s JOIN items i ON i.id = s.item_id
        WHERE s.stock > 0 ORDER BY i.recovery_price_fen DESC, s.id LIMIT 500`,
  );
  return rows.map((r) => ({
    stockId: toInt(r.id),
    itemId: toInt(r.item_id),
    itemName: r.name,
    valueFen: toInt(r.price),
    stock: toInt(r.stock),
  }));
}

/**
 * An official room from the console, in the caller's transaction (which writes the audit row). The open
 * time follows the rule of a player's room (10 minutes to 7 days ahead); the deposit window must not end
 * before it starts; a promotion condition names an existing player with a promotion code. The stock units
 * are taken with the room, so too little stock makes nothing (OUT_OF_STOCK).
 */
export async function operatorCreateOfficialGiveaway(
  ctx: Pick<AppContext, 'db' | 'live' | 'hash'>,
  scope: TxScope,
  input: NewOfficialGiveaway,
  nowMs = Date.now(),
): Promise<GiveawayRow> {
  const openMs = input.openTime.getTime();
  if (openMs < nowMs + GIVEAWAY_MIN_DURATION_MS || openMs > nowMs + GIVEAWAY_MAX_DURATION_MS)
    throw new AppError('GIVEAWAY_OPEN_TIME_INVALID');
  if (input.depositStart && input.depositEnd && input.depositStart > input.depositEnd)
    throw new AppError('GIVEAWAY_DEPOSIT_WINDOW_INVALID');
  if (input.promotionUserId != null) {
    const person = (await peopleByIds(scope.tx, [input.promotionUserId])).get(input.promotionUserId);
    if (!person) throw new AppError('ADMIN_PLAYER_NOT_FOUND', `user ${input.promotionUserId}`);
    if (!person.invitationCode) throw new AppError('GIVEAWAY_NO_PROMOTION_CODE', `user ${input.promotionUserId}`);
  }
  const room = await insertOfficialGiveaway(scope.tx, ctx, input);
  scope.afterCommit(() => publishGiveaway(ctx, room.id));
  return room;
}

export interface GiveawaySnapshot {
  state: GiveawayRowState;
  entryCount: number;
  prizes: Array<{ position: number; itemId: number; source: 'stock' | 'escrow'; stockId: number | null }>;
}

/**
 * An operator's cancel under the room's row lock (joins, the freeze and the draw take the same lock):
 * refused unless the room still takes entries (see `cancellable`); the prizes go back to the shop stock
 * or the creator's backpack, and the room is cancelled with its seed kept hidden.
 */
export async function operatorCancelGiveaway(
  ctx: Pick<AppContext, 'db' | 'live'>,
  scope: TxScope,
  giveawayId: number,
  nowMs = Date.now(),
): Promise<{ before: GiveawaySnapshot; after: GiveawaySnapshot }> {
  const { tx, afterCommit } = scope;
  const room = await lockGiveaway(tx, giveawayId);
  if (!room) throw new AppError('GIVEAWAY_NOT_FOUND', String(giveawayId));
  if (!cancellable(room, nowMs)) throw new AppError('GIVEAWAY_NOT_RUNNING', room.state);
  const prizes = await prizesOf(tx, [room.id]);
  await returnPrizes(tx, room, prizes);
  if (!(await updateGiveaway(tx, room.id, 'running', { state: 'cancelled', drawnAt: new Date(nowMs) })))
    throw new AppError('INTERNAL', 'giveaway state moved under its lock');
  afterCommit(() => publishGiveaway(ctx, room.id));
  const prizeList = prizes.map((p) => ({
    position: p.position,
    itemId: p.itemId,
    source: p.stockId !== null ? ('stock' as const) : ('escrow' as const),
    stockId: p.stockId,
  }));
  return {
    before: { state: room.state, entryCount: room.entrySeq, prizes: prizeList },
    after: { state: 'cancelled', entryCount: room.entrySeq, prizes: prizeList },
  };
}
