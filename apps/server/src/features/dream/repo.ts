import { and, asc, count, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { selectPage } from '../../platform/db/paging.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { catalogItems as items } from '../catalog/index.js';
import { dreams } from './tables.js';
import { likePattern } from '../../platform/db/like.js';

export interface TargetFilter {
  giftName?: string | undefined;
  exterior?: string | undefined;
  grade?: number | undefined;
  category?: string | undefined;
  orderByPrice?: 'asc' | 'desc' | undefined;
  /** Already intersected with the configured target bounds. */
  minPriceFen: number;
  maxPriceFen: number;
}

/** Catalogue items a dream may aim at, by price (ascending unless asked otherwise), then id. */
export async function pageTargets(ex: Executor, filter: TargetFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [gte(items.recoveryPriceFen, filter.minPriceFen), lte(items.recoveryPriceFen, filter.maxPriceFen)];
  if (filter.giftName) conditions.push(ilike(items.name, likePattern(filter.giftName)));
  if (filter.exterior) conditions.push(eq(items.exterior, filter.exterior));
  if (filter.grade !== undefined) conditions.push(eq(items.grade, filter.grade));
  if (filter.category) conditions.push(eq(items.category, filter.category));
  const where = and(...conditions);
  const order =
    filter.orderByPrice === 'desc' ? [desc(items.recoveryPriceFen), asc(items.id)] : [asc(items.recoveryPriceFen), asc(items.id)];
  const query = ex
    .select()
    .from(items)
    .where(where)
    .orderBy(...order);
  return selectPage(ex, { query, from: items, where }, page, pageSize);
}

/**
 * A dream with what its records show: the player, the target, and the roll it was decided by (fairness's
 * rolls and seed pairs, read-only, as the records of openings show theirs).
 */
export interface DreamRecordRow extends Record<string, unknown> {
  id: unknown;
  user_id: unknown;
  nickname: string;
  avatar: string | null;
  won: boolean;
  probability: unknown;
  fee_fen: unknown;
  coins_paid_fen: unknown;
  items_value_fen: unknown;
  target_price_fen: unknown;
  target_name: string;
  target_image: string | null;
  grade: unknown;
  roll_id: unknown;
  roll_code: unknown;
  range_low: unknown;
  range_high: unknown;
  public_id: string;
  public_hash: string;
  created_at: unknown;
}

const recordQuery = (where: SQL, limit: number, offset: number) => sql`
  SELECT d.id, d.user_id, u.nickname, u.avatar, d.won, d.probability, d.fee_fen, d.coins_paid_fen, d.items_value_fen,
    d.target_price_fen, i.name AS target_name, i.image AS target_image, i.grade,
    d.roll_id, r.roll_code, r.range_low, r.range_high, r.public_id, s.public_hash, d.created_at
  FROM dreams d
  JOIN users u ON u.id = d.user_id
  JOIN items i ON i.id = d.target_item_id
  JOIN rolls r ON r.id = d.roll_id
  JOIN seed_pairs s ON s.id = r.seed_pair_id
  WHERE ${where}
  ORDER BY d.id DESC
  LIMIT ${limit} OFFSET ${offset}`;

export async function pageDreams(ex: Executor, userId: number | null, page: number, pageSize: number) {
  const where = userId === null ? sql`true` : sql`d.user_id = ${userId}`;
  const [rows, [total]] = await Promise.all([
    queryRows<DreamRecordRow>(ex, recordQuery(where, pageSize, (page - 1) * pageSize)),
    ex
      .select({ n: count() })
      .from(dreams)
      .where(userId === null ? undefined : eq(dreams.userId, userId)),
  ]);
  return { rows, totalRows: toInt(total?.n ?? 0) };
}
