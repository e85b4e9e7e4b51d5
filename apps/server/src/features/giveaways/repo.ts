import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { moveItems } from '../backpack/index.js';
import { giveawayEntries, giveawayPrizes, giveaways, type GiveawayKind, type GiveawayRowState } from './tables.js';

// Other features' rows change through their owners (decision 0056): the streamer flag is the users
// feature's, the stock the shop's, the items the backpack's. The room code keeps calling them from here.
export { setStreamer } from '../users/index.js';
export { takeStock, restock } from '../shop/index.js';

export type GiveawayRow = typeof giveaways.$inferSelect;
export type PrizeRow = typeof giveawayPrizes.$inferSelect;
export type EntryRow = typeof giveawayEntries.$inferSelect;

export async function findGiveaway(ex: Executor, id: number): Promise<GiveawayRow | null> {
  const [row] = await ex.select().from(giveaways).where(eq(giveaways.id, id));
  return row ?? null;
}

/** Cancel, freeze and draw start here: the row lock serializes them with each other and with joins. */
export async function lockGiveaway(tx: Tx, id: number): Promise<GiveawayRow | null> {
  const [row] = await tx.select().from(giveaways).where(eq(giveaways.id, id)).for('update');
  return row ?? null;
}

export async function insertGiveaway(tx: Tx, row: typeof giveaways.$inferInsert): Promise<GiveawayRow> {
  const [created] = await tx.insert(giveaways).values(row).returning();
  return created!;
}

export async function insertPrizes(tx: Tx, rows: Array<typeof giveawayPrizes.$inferInsert>): Promise<void> {
  await tx.insert(giveawayPrizes).values(rows);
}

export async function updateGiveaway(
  tx: Tx,
  id: number,
  from: GiveawayRowState,
  set: Partial<typeof giveaways.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(giveaways)
    .set(set)
    .where(and(eq(giveaways.id, id), eq(giveaways.state, from)))
    .returning({ id: giveaways.id });
  return rows.length === 1;
}

export async function setPrizeWinner(
  tx: Tx,
  prizeId: number,
  winner: { userId: number; entryNo: number; inventoryId: number },
): Promise<void> {
  await tx
    .update(giveawayPrizes)
    .set({ winnerUserId: winner.userId, winnerEntryNo: winner.entryNo, grantedInventoryId: winner.inventoryId })
    .where(eq(giveawayPrizes.id, prizeId));
}

export async function prizesOf(ex: Executor, ids: number[]): Promise<PrizeRow[]> {
  if (ids.length === 0) return [];
  return ex
    .select()
    .from(giveawayPrizes)
    .where(inArray(giveawayPrizes.giveawayId, ids))
    .orderBy(asc(giveawayPrizes.giveawayId), asc(giveawayPrizes.position));
}

/**
 * The join: the room's counter and the entry in one statement, so the row lock it takes is held only for
 * this statement and the commit right after it (500 joins on one room queue on that lock, briefly each).
 * No row back: the room is no longer open (cancelled, frozen, past its open time). A second entry of the
 * same user fails on giveaway_entries_user (23505) and rolls the counter back with it.
 */
export async function insertEntry(tx: Tx, giveawayId: number, userId: number): Promise<number | null> {
  const rows = await queryRows<{ entry_no: unknown }>(
    tx,
    sql`WITH c AS (
          UPDATE giveaways SET entry_seq = entry_seq + 1
          WHERE id = ${giveawayId} AND state = 'running' AND entries_hash IS NULL AND open_time > statement_timestamp()
          RETURNING entry_seq)
        INSERT INTO giveaway_entries (giveaway_id, entry_no, user_id)
        SELECT ${giveawayId}, entry_seq, ${userId} FROM c RETURNING entry_no`,
  );
  return rows[0] ? toInt(rows[0].entry_no) : null;
}

export async function hasEntry(ex: Executor, giveawayId: number, userId: number): Promise<boolean> {
  const [row] = await ex
    .select({ n: giveawayEntries.entryNo })
    .from(giveawayEntries)
    .where(and(eq(giveawayEntries.giveawayId, giveawayId), eq(giveawayEntries.userId, userId)));
  return row !== undefined;
}

/** The rooms among `ids` this user joined. */
export async function joinedAmong(ex: Executor, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await ex
    .select({ id: giveawayEntries.giveawayId })
    .from(giveawayEntries)
    .where(and(eq(giveawayEntries.userId, userId), inArray(giveawayEntries.giveawayId, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function entriesOf(ex: Executor, giveawayId: number): Promise<EntryRow[]> {
  return ex.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, giveawayId)).orderBy(asc(giveawayEntries.entryNo));
}

export async function entriesByNumbers(tx: Tx, giveawayId: number, numbers: number[]): Promise<Map<number, number>> {
  if (numbers.length === 0) return new Map();
  const rows = await tx
    .select({ entryNo: giveawayEntries.entryNo, userId: giveawayEntries.userId })
    .from(giveawayEntries)
    .where(and(eq(giveawayEntries.giveawayId, giveawayId), inArray(giveawayEntries.entryNo, numbers)));
  return new Map(rows.map((r) => [r.entryNo, r.userId]));
}

export interface PersonRow {
  id: number;
  nickname: string;
  avatar: string | null;
  invitationCode: string | null;
}

export async function peopleByIds(ex: Executor, ids: number[]): Promise<Map<number, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: unknown; nickname: string; avatar: string | null; invitation_code: string | null }>(
    ex,
    sql`SELECT id, nickname, avatar, invitation_code FROM users WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(
    rows.map((r) => [toInt(r.id), { id: toInt(r.id), nickname: r.nickname, avatar: r.avatar, invitationCode: r.invitation_code }]),
  );
}

/** What the join conditions need to know of a player (users, VIP, paid deposits in the window). */
export interface PlayerStanding {
  status: string;
  minor: boolean;
  verified: boolean;
  streamer: boolean;
  inviterId: number | null;
  invitationCode: string | null;
  vipGrade: number;
  depositFen: number;
}

export async function playerStanding(
  ex: Executor,
  userId: number,
  window: { start: Date | null; end: Date | null } = { start: null, end: null },
): Promise<PlayerStanding | null> {
  const start = window.start ? window.start.toISOString() : null;
  const end = window.end ? window.end.toISOString() : null;
  const [r] = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT u.status, u.minor, u.verified_at IS NOT NULL AS verified, u.streamer, u.inviter_id, u.invitation_code,
          coalesce((SELECT v.grade FROM user_vip v WHERE v.user_id = u.id), 0) AS vip_grade,
          (SELECT coalesce(sum(d.credit_fen), 0) FROM deposit_orders d
            WHERE d.user_id = u.id AND d.state = 1
              AND (${start}::timestamptz IS NULL OR d.finished_at >= ${start}::timestamptz)
              AND (${end}::timestamptz IS NULL OR d.finished_at <= ${end}::timestamptz)) AS deposit_fen
        FROM users u WHERE u.id = ${userId}`,
  );
  if (!r) return null;
  return {
    status: String(r.status),
    minor: r.minor === true,
    verified: r.verified === true,
    streamer: r.streamer === true,
    inviterId: r.inviter_id === null ? null : toInt(r.inviter_id),
    invitationCode: (r.invitation_code as string | null) ?? null,
    vipGrade: toInt(r.vip_grade),
    depositFen: toInt(r.deposit_fen),
  };
}

export interface ListFilter {
  kinds?: GiveawayKind[];
  states: GiveawayRowState[];
  /** Rooms this user joined. */
  joinedBy?: number;
  demo?: boolean;
}

function listWhere(f: ListFilter): SQL | undefined {
  const parts: SQL[] = [inArray(giveaways.state, f.states)];
  if (f.kinds) parts.push(inArray(giveaways.kind, f.kinds));
  if (f.demo !== undefined) parts.push(eq(giveaways.demo, f.demo));
  if (f.joinedBy !== undefined)
    parts.push(sql`${giveaways.id} IN (SELECT giveaway_id FROM giveaway_entries WHERE user_id = ${f.joinedBy})`);
  return and(...parts);
}

/** Running rooms first, the soonest draw first; then the others, newest first. */
export async function pageGiveaways(
  ex: Executor,
  f: ListFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: GiveawayRow[]; totalRows: number }> {
  const where = listWhere(f);
  const rows = await ex
    .select()
    .from(giveaways)
    .where(where)
    .orderBy(
      sql`CASE WHEN ${giveaways.state} = 'running' THEN 0 ELSE 1 END`,
      sql`CASE WHEN ${giveaways.state} = 'running' THEN ${giveaways.openTime} END`,
      desc(giveaways.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await ex.select({ n: count() }).from(giveaways).where(where);
  return { rows, totalRows: total?.n ?? 0 };
}

/** Shop lines with stock left for the demo room: items of ¥10–¥100 first, the most stocked first. */
export async function stockLinesInStock(ex: Executor, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: unknown }>(
    ex,
    sql`SELECT s.id FROM shop_stock s JOIN items i ON i.id = s.item_id
        WHERE s.stock > 0
        ORDER BY (i.recovery_price_fen BETWEEN 1000 AND 10000) DESC, s.stock DESC, s.id LIMIT ${limit}`,
  );
  return rows.map((r) => toInt(r.id));
}

/**
 * Escrow (own and streamer rooms): the creator's items leave the backpack for 'escrowed', only if they are
 * the creator's and still in it; the caller refuses (and rolls back) a list of which any item did not move.
 */
export async function escrowItems(
  tx: Tx,
  userId: number,
  ids: number[],
  giveawayId: number,
): Promise<Array<{ id: number; itemId: number; valueFen: number }>> {
  return moveItems(tx, { userId, ids, from: 'in_backpack', to: 'escrowed', reason: 'giveaway', refId: String(giveawayId) });
}

/**
 * Moves escrowed items on: back to the creator's backpack ('in_backpack', a cancel or an unwon prize) or
 * spent ('used', a prize whose winner gets a new backpack row). Returns how many moved.
 */
export async function releaseEscrow(
  tx: Tx,
  userId: number,
  ids: number[],
  to: 'in_backpack' | 'used',
  giveawayId: number,
): Promise<number> {
  return (await moveItems(tx, { userId, ids, from: 'escrowed', to, reason: 'giveaway', refId: String(giveawayId) })).length;
}
