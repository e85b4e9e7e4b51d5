import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import { selectPage } from '../../platform/db/paging.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { battleBots, battleBoxes, battleRolls, battleSeats, battles, type BattleState } from './tables.js';
import { revealedBattle } from './reveal.js';

export type BattleRow = typeof battles.$inferSelect;
export type SeatRow = typeof battleSeats.$inferSelect;
export type BattleBoxRow = typeof battleBoxes.$inferSelect;
export type BattleRollRow = typeof battleRolls.$inferSelect;

/** Every change to a battle starts here: the row lock serializes joins, bots, cancel and the draw. */
export async function lockBattleByCode(tx: Tx, code: string): Promise<BattleRow | null> {
  const [row] = await tx.select().from(battles).where(eq(battles.code, code)).for('update');
  return row ?? null;
}

export async function lockBattleById(tx: Tx, id: number): Promise<BattleRow | null> {
  const [row] = await tx.select().from(battles).where(eq(battles.id, id)).for('update');
  return row ?? null;
}

export async function findBattleById(ex: Executor, id: number): Promise<BattleRow | null> {
  const [row] = await ex.select().from(battles).where(eq(battles.id, id));
  return row ?? null;
}

export async function findBattleByCode(ex: Executor, code: string): Promise<BattleRow | null> {
  const [row] = await ex.select().from(battles).where(eq(battles.code, code));
  return row ?? null;
}

export async function insertBattle(tx: Tx, row: typeof battles.$inferInsert): Promise<BattleRow> {
  const [created] = await tx.insert(battles).values(row).returning();
  return created!;
}

export async function insertBattleBoxes(tx: Tx, rows: Array<typeof battleBoxes.$inferInsert>): Promise<void> {
  await tx.insert(battleBoxes).values(rows);
}

export async function insertBotSeat(tx: Tx, row: { battleId: number; seat: number; botId: number; clientSeed: string }): Promise<void> {
  await tx.insert(battleSeats).values(row);
}

export async function seatsOf(ex: Executor, battleId: number): Promise<SeatRow[]> {
  return ex.select().from(battleSeats).where(eq(battleSeats.battleId, battleId)).orderBy(asc(battleSeats.seat));
}

export async function boxesOf(ex: Executor, battleId: number): Promise<BattleBoxRow[]> {
  return ex.select().from(battleBoxes).where(eq(battleBoxes.battleId, battleId)).orderBy(asc(battleBoxes.round));
}

export async function rollsOf(ex: Executor, battleId: number): Promise<BattleRollRow[]> {
  return ex.select().from(battleRolls).where(eq(battleRolls.battleId, battleId)).orderBy(asc(battleRolls.round), asc(battleRolls.seat));
}

export async function insertRolls(tx: Tx, rows: Array<typeof battleRolls.$inferInsert>): Promise<void> {
  if (rows.length > 0) await tx.insert(battleRolls).values(rows);
}

export async function updateBattle(tx: Tx, id: number, from: BattleState, set: Partial<typeof battles.$inferInsert>): Promise<boolean> {
  const rows = await tx
    .update(battles)
    .set(set)
    .where(and(eq(battles.id, id), eq(battles.state, from)))
    .returning({ id: battles.id });
  return rows.length === 1;
}

/** The house's bots (decision 0025): fixed ids, written once; they have no ledger accounts. */
const defaultBots = [
  { id: 1, nickname: '机器人·阿尔法', headPic: null },
  { id: 2, nickname: '机器人·贝塔', headPic: null },
  { id: 3, nickname: '机器人·伽马', headPic: null },
  { id: 4, nickname: '机器人·德尔塔', headPic: null },
];
const botsReady = new WeakSet<object>();

/** Outside any transaction: a rolled-back insert must not leave the "ready" mark behind. */
export async function ensureBots(db: Db): Promise<void> {
  if (botsReady.has(db)) return;
  await db.insert(battleBots).values(defaultBots).onConflictDoNothing();
  botsReady.add(db);
}

/** The refunded players' coin and point rows, locked in id order first, as every money path does. */
export async function lockUserAccounts(tx: Tx, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(sql`SELECT id FROM ledger_accounts WHERE owner_type = 'user' AND kind IN ('coin', 'point')
    AND user_id IN (${sql.join(
      userIds.map((u) => sql`${u}`),
      sql`, `,
    )}) ORDER BY id FOR UPDATE`);
}

export async function listBots(ex: Executor) {
  return ex.select().from(battleBots).orderBy(asc(battleBots.id));
}

export async function findBot(ex: Executor, id: number) {
  const [row] = await ex.select().from(battleBots).where(eq(battleBots.id, id));
  return row ?? null;
}

/**
 * Each bot's public record: battles played and won, and the house's result on its seats (item value);
 * a battle counts once its room has revealed every round (issue 24 §14).
 */
export async function botRecords(
  ex: Executor,
): Promise<Map<number, { played: number; won: number; valueWonFen: number; valueLostFen: number }>> {
  const rows = await queryRows<{
    bot_id: unknown;
    played: unknown;
    won: unknown;
    value_won: unknown;
    value_lost: unknown;
  }>(
    ex,
    sql`SELECT s.bot_id,
          count(*) AS played,
          count(*) FILTER (WHERE b.winner_seat = s.seat) AS won,
          coalesce(sum(t.total) FILTER (WHERE b.winner_seat = s.seat), 0) AS value_won,
          coalesce(sum(r.lost) FILTER (WHERE b.winner_seat <> s.seat), 0) AS value_lost
        FROM battle_seats s
        JOIN battles b ON b.id = s.battle_id AND ${revealedBattle(sql.raw('b'))}
        LEFT JOIN LATERAL (SELECT sum(value_fen) AS total FROM battle_rolls WHERE battle_id = b.id AND seat <> s.seat) t ON true
        LEFT JOIN LATERAL (SELECT sum(value_fen) AS lost FROM battle_rolls WHERE battle_id = b.id AND seat = s.seat) r ON true
        WHERE s.bot_id IS NOT NULL
        GROUP BY s.bot_id`,
  );
  return new Map(
    rows.map((r) => [
      toInt(r.bot_id),
      {
        played: toInt(r.played),
        won: toInt(r.won),
        valueWonFen: toInt(r.value_won),
        valueLostFen: toInt(r.value_lost),
      },
    ]),
  );
}

export interface PlayerInfo {
  id: number;
  nickname: string;
  avatar: string | null;
}

export async function playersByIds(ex: Executor, ids: number[]): Promise<Map<number, PlayerInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: unknown; nickname: string; avatar: string | null }>(
    ex,
    sql`SELECT id, nickname, avatar FROM users WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [toInt(r.id), { id: toInt(r.id), nickname: r.nickname, avatar: r.avatar }]));
}

export async function botsByIds(ex: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof battleBots.$inferSelect>();
  const rows = await ex.select().from(battleBots).where(inArray(battleBots.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export interface ListFilter {
  rule?: string;
  states?: BattleState[];
  /** Battles this user sits in. */
  userId?: number;
  /** Private rooms are reached by their link only, never listed to others. */
  publicOnly?: boolean;
}

function listWhere(f: ListFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.rule) parts.push(eq(battles.rule, f.rule));
  if (f.states) parts.push(inArray(battles.state, f.states));
  if (f.publicOnly) parts.push(sql`${battles.passwordHash} IS NULL`);
  if (f.userId !== undefined) parts.push(sql`${battles.id} IN (SELECT battle_id FROM battle_seats WHERE user_id = ${f.userId})`);
  return parts.length > 0 ? and(...parts) : undefined;
}

export async function pageBattles(
  ex: Executor,
  f: ListFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: BattleRow[]; totalRows: number }> {
  const where = listWhere(f);
  return selectPage(ex, { query: ex.select().from(battles).where(where).orderBy(desc(battles.id)), from: battles, where }, page, pageSize);
}

export interface BoxInfo {
  name: string;
  image: string | null;
}

export async function boxInfos(ex: Executor, ids: number[]): Promise<Map<number, BoxInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: unknown; name: string; image: string | null }>(
    ex,
    sql`SELECT id, name, image FROM boxes WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [toInt(r.id), { name: r.name, image: r.image }]));
}
