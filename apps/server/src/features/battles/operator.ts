import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { EventType, type AdminBattle, type AdminBattleDetail, type AdminBattleState } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../platform/db/client.js';
import { queryRows, toInt, toIso } from '../../platform/db/rows.js';
import type { TxScope } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { itemsByIds } from '../catalog/index.js';
import {
  boxesOf,
  boxInfos,
  botRecords,
  botsByIds,
  ensureBots,
  findBattleById,
  lockBattleById,
  playersByIds,
  rollsOf,
  seatsOf,
  type BattleRow,
} from './repo.js';
import { battleRules, ruleOfCode } from './rules.js';
import { refundSeats } from './rooms.js';
import { publishBattle } from './views.js';
import { battleBots, battleSeats, battles } from './tables.js';

/**
 * What the operator console (issue 16 screen 9) reads and changes in battles. The cancel goes through the
 * feature's own refund path (`refundSeats`) under the room's row lock, like the creator's cancel.
 */

export interface OperatorBattleFilter {
  state?: AdminBattleState | undefined;
  mode?: number | undefined;
  playerId?: number | undefined;
  /** createdAt ≥ from and < to. */
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * Only a room still waiting may be cancelled by an operator. Once the last seat fills, the beacon round
 * that decides it is fixed (PF v1 §7.3) and will be public within seconds: a cancel then would let the
 * house void a result it could already compute. A running room with no beacon is voided by the draw job.
 */
const cancellable = (b: Pick<BattleRow, 'state'>) => b.state === 'waiting';

function toAdminBattle(b: BattleRow, seatsTaken: number): AdminBattle {
  return {
    id: b.id,
    code: b.code,
    title: b.title,
    mode: battleRules[b.rule as keyof typeof battleRules].code,
    state: b.state,
    seats: b.seats,
    seatsTaken,
    entryPriceFen: b.entryPriceFen,
    private: b.passwordHash !== null,
    creatorId: b.creatorId,
    createdAt: toIso(b.createdAt),
    lockedAt: b.lockedAt ? toIso(b.lockedAt) : null,
    endedAt: b.endedAt ? toIso(b.endedAt) : null,
    winnerSeat: b.winnerSeat,
    cancellable: cancellable(b),
  };
}

async function seatCounts(ex: Executor, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({ battleId: battleSeats.battleId, n: count() })
    .from(battleSeats)
    .where(inArray(battleSeats.battleId, ids))
    .groupBy(battleSeats.battleId);
  return new Map(rows.map((r) => [r.battleId, r.n]));
}

export async function operatorBattlePage(
  ex: Executor,
  f: OperatorBattleFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: AdminBattle[]; totalRows: number }> {
  const parts: SQL[] = [];
  if (f.state) parts.push(eq(battles.state, f.state));
  if (f.mode !== undefined && f.mode >= 0) parts.push(eq(battles.rule, ruleOfCode(f.mode)));
  if (f.playerId !== undefined) parts.push(sql`${battles.id} IN (SELECT battle_id FROM battle_seats WHERE user_id = ${f.playerId})`);
  if (f.from) parts.push(gte(battles.createdAt, f.from));
  if (f.to) parts.push(lt(battles.createdAt, f.to));
  const where = parts.length ? and(...parts) : undefined;
  const rows = await ex
    .select()
    .from(battles)
    .where(where)
    .orderBy(desc(battles.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await ex.select({ n: count() }).from(battles).where(where);
  const counts = await seatCounts(
    ex,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toAdminBattle(r, counts.get(r.id) ?? 0)), totalRows: total?.n ?? 0 };
}

/** Everything about one battle an operator needs: seats and what they paid, boxes, every roll, refunds. */
export async function operatorBattleDetail(ex: Executor, battleId: number): Promise<AdminBattleDetail> {
  const b = await findBattleById(ex, battleId);
  if (!b) throw new AppError('BATTLE_NOT_FOUND', String(battleId));
  const [boxes, seats, rolls] = await Promise.all([boxesOf(ex, b.id), seatsOf(ex, b.id), rollsOf(ex, b.id)]);
  const [boxNames, players, bots, items] = await Promise.all([
    boxInfos(ex, [...new Set(boxes.map((x) => x.boxId))]),
    playersByIds(
      ex,
      seats.map((s) => s.userId).filter((u): u is number => u !== null),
    ),
    botsByIds(
      ex,
      seats.map((s) => s.botId).filter((u): u is number => u !== null),
    ),
    itemsByIds(ex, [...new Set(rolls.map((r) => r.itemId))]),
  ]);
  const itemName = new Map(items.map((i) => [i.id, i.name]));
  const totals = new Map<number, number>();
  for (const r of rolls) totals.set(r.seat, (totals.get(r.seat) ?? 0) + r.valueFen);
  const [refunds] = await queryRows<{ coin: unknown; point: unknown }>(
    ex,
    sql`SELECT coalesce(sum(t.amount_fen) FILTER (WHERE a.kind = 'coin'), 0) AS coin,
               coalesce(sum(t.amount_fen) FILTER (WHERE a.kind = 'point'), 0) AS point
        FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
        WHERE t.code = 'battle_refund' AND t.ref_type = 'battle' AND t.ref_id = ${String(b.id)}`,
  );
  return {
    battle: toAdminBattle(b, seats.length),
    publicHash: b.publicHash,
    targetRound: b.targetRound,
    randomness: b.randomness,
    boxes: boxes.map((x) => ({
      round: x.round,
      boxId: x.boxId,
      boxName: boxNames.get(x.boxId)?.name ?? '',
      priceFen: x.priceFen,
      version: x.version,
    })),
    seats: seats.map((s) => ({
      seat: s.seat,
      userId: s.userId,
      botId: s.botId,
      nickname:
        (s.userId !== null ? players.get(s.userId)?.nickname : undefined) ??
        (s.botId !== null ? bots.get(s.botId)?.nickname : undefined) ??
        '',
      coinFen: s.coinFen,
      pointFen: s.pointFen,
      totalFen: totals.get(s.seat) ?? 0,
      winner: b.state === 'ended' && b.winnerSeat === s.seat,
    })),
    rolls: rolls.map((r) => ({
      round: r.round,
      seat: r.seat,
      rollCode: r.rollCode,
      itemId: r.itemId,
      itemName: itemName.get(r.itemId) ?? '',
      valueFen: r.valueFen,
    })),
    refundedCoinFen: toInt(refunds?.coin),
    refundedPointFen: toInt(refunds?.point),
  };
}

export interface BattleSnapshot {
  state: string;
  seatsTaken: number;
  paidCoinFen: number;
  paidPointFen: number;
}

/**
 * An operator's cancel, in the caller's transaction (which writes the audit row): the room's row is locked
 * first, so a join, a bot, the creator's cancel, the expiry and the draw all wait for it or find it
 * cancelled; only a waiting room is cancelled, and every human seat is refunded once to the kinds it paid
 * with (`battle_refund`, the reason in the memo).
 */
export async function operatorCancelBattle(
  ctx: Pick<AppContext, 'db' | 'live'>,
  scope: TxScope,
  battleId: number,
  reason: string,
): Promise<{ before: BattleSnapshot; after: BattleSnapshot }> {
  const { tx, afterCommit } = scope;
  const battle = await lockBattleById(tx, battleId);
  if (!battle) throw new AppError('BATTLE_NOT_FOUND', String(battleId));
  if (!cancellable(battle)) throw new AppError('BATTLE_NOT_WAITING', battle.state);
  const seats = await seatsOf(tx, battle.id);
  const paid = {
    seatsTaken: seats.length,
    paidCoinFen: seats.reduce((s, x) => s + x.coinFen, 0),
    paidPointFen: seats.reduce((s, x) => s + x.pointFen, 0),
  };
  await refundSeats(tx, battle, 'cancelled', `operator cancel: ${reason}`);
  afterCommit(() => publishBattle(ctx, battle.id, EventType.BATTLE_STATE));
  return { before: { state: battle.state, ...paid }, after: { state: 'cancelled', ...paid } };
}

// ---- bots ----------------------------------------------------------------------------------------------

export type BotRow = typeof battleBots.$inferSelect;

export async function operatorBots(db: AppContext['db']) {
  await ensureBots(db);
  const records = await botRecords(db);
  const rows = await db.select().from(battleBots).orderBy(asc(battleBots.id));
  return rows.map((bot) => {
    const r = records.get(bot.id) ?? { played: 0, won: 0, valueWonFen: 0, valueLostFen: 0 };
    return {
      id: bot.id,
      nickname: bot.nickname,
      headPic: bot.headPic,
      enabled: bot.enabled,
      played: r.played,
      won: r.won,
      profitFen: r.valueWonFen - r.valueLostFen,
    };
  });
}

export interface BotPatch {
  nickname?: string | undefined;
  /** '' clears it. */
  headPic?: string | undefined;
  enabled?: boolean | undefined;
}

/** Renames a bot, sets its picture, or takes it out of (or back into) new rooms; seats it holds are kept. */
export async function operatorUpdateBot(scope: TxScope, botId: number, patch: BotPatch): Promise<{ before: BotRow; after: BotRow }> {
  const { tx } = scope;
  const [before] = await tx.select().from(battleBots).where(eq(battleBots.id, botId)).for('update');
  if (!before) throw new AppError('BATTLE_BOT_UNAVAILABLE', `bot ${botId}`);
  const set: Partial<BotRow> = {};
  if (patch.nickname !== undefined) set.nickname = patch.nickname;
  if (patch.headPic !== undefined) set.headPic = patch.headPic === '' ? null : patch.headPic;
  if (patch.enabled !== undefined) set.enabled = patch.enabled;
  const [after] = await tx.update(battleBots).set(set).where(eq(battleBots.id, botId)).returning();
  return { before, after: after! };
}
