import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { revealedBattle } from '../battles/index.js';

/**
 * The read-only aggregates behind the public transparency page (issue 18, docs/decisions/0044). Each is
 * one grouped statement over a whole window, so the cost does not grow with the number of boxes; the time
 * indexes of migration 0033 (`rolls_case_time`, `battles_ended`, `dreams_created`, `retrievals_finished`)
 * make the 24 h and 30 d windows range scans. They read other features' game records directly, as the
 * console's dashboard does: they are statistics over records that are never edited, not state changes.
 * A battle counts once its room has shown every round, so no figure tells a winner early (issue 24 §14).
 */

/** Box openings in the window per box, odds version and item won (rolls naming a box: `case`, `free_case`). */
export async function openingsByItem(ex: Executor, since: Date | null) {
  const rows = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT case_id, case_version, item_id, count(*) AS plays
      FROM rolls
      WHERE case_id IS NOT NULL ${since ? sql`AND created_at >= ${since.toISOString()}` : sql``}
      GROUP BY case_id, case_version, item_id`,
  );
  return rows.map((r) => ({
    boxId: toInt(r.case_id),
    version: toInt(r.case_version),
    itemId: toInt(r.item_id),
    plays: toInt(r.plays),
  }));
}

/** The drop weights of these (box, version) pairs, with each item's current recovery price. */
export async function dropsOfVersions(ex: Executor, pairs: Array<{ boxId: number; version: number }>) {
  if (pairs.length === 0) return [];
  const ids = sql.join(
    pairs.map((p) => sql`${p.boxId}`),
    sql`, `,
  );
  const versions = sql.join(
    pairs.map((p) => sql`${p.version}`),
    sql`, `,
  );
  const rows = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT d.box_id, d.version, d.item_id, d.weight, i.recovery_price_fen
      FROM unnest(ARRAY[${ids}]::bigint[], ARRAY[${versions}]::int[]) AS w(box_id, version)
      JOIN box_drops d ON d.box_id = w.box_id AND d.version = w.version
      JOIN items i ON i.id = d.item_id`,
  );
  return rows.map((r) => ({
    boxId: toInt(r.box_id),
    version: toInt(r.version),
    itemId: toInt(r.item_id),
    weight: toInt(r.weight),
    priceFen: toInt(r.recovery_price_fen),
  }));
}

/** The public catalogue: every box, its name, image and list price, in the catalogue's order. */
export async function allBoxes(ex: Executor) {
  const rows = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT id, name, image, price_fen, enabled, current_version FROM boxes ORDER BY weight, id`,
  );
  return rows.map((r) => ({
    boxId: toInt(r.id),
    name: String(r.name),
    image: (r.image as string | null) ?? null,
    priceFen: toInt(r.price_fen),
    enabled: Boolean(r.enabled),
    version: toInt(r.current_version),
  }));
}

/**
 * Battle rounds of battles settled in the window, grouped by what fixes their distribution: the box, its
 * version, its price and the item values at creation (PF v1 §7.1). One roll per seat and round is one play.
 */
export async function battleRoundGroups(ex: Executor, since: Date | null) {
  const rows = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT bb.box_id, bb.version, bb.price_fen, bb.item_prices, count(*) AS plays, sum(r.value_fen) AS won_fen
      FROM battles b
      JOIN battle_boxes bb ON bb.battle_id = b.id
      JOIN battle_rolls r ON r.battle_id = bb.battle_id AND r.round = bb.round
      WHERE ${revealedBattle(sql.raw('b'))} ${since ? sql`AND b.ended_at >= ${since.toISOString()}` : sql``}
      GROUP BY bb.box_id, bb.version, bb.price_fen, bb.item_prices`,
  );
  return rows.map((r) => ({
    boxId: toInt(r.box_id),
    version: toInt(r.version),
    priceFen: toInt(r.price_fen),
    itemPrices: parseJson(r.item_prices),
    plays: toInt(r.plays),
    wonFen: toInt(r.won_fen),
  }));
}

/** node-postgres parses jsonb; PGlite may too, but a string is accepted either way. */
function parseJson(v: unknown): Record<string, number> {
  return (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, number>;
}

/**
 * Dreams in the window. Each dream pays the target's value T with probability p for the fee F: its return
 * has mean p·T/F and variance p(1−p)·(T/F)²; the sums of both pool the dreams (live-return poolDeclared).
 */
export async function dreamSums(ex: Executor, since: Date | null) {
  const [r] = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT count(*) AS plays,
        coalesce(sum(fee_fen), 0) AS stake_fen,
        coalesce(sum(target_price_fen) FILTER (WHERE won), 0) AS won_fen,
        coalesce(sum(target_price_fen::float8 / fee_fen) FILTER (WHERE won), 0) AS return_sum,
        coalesce(sum((probability / 100000.0)::float8 * target_price_fen / fee_fen), 0) AS mean_sum,
        coalesce(sum((probability / 100000.0)::float8 * (1 - probability / 100000.0)::float8
          * (target_price_fen::float8 / fee_fen) ^ 2), 0) AS variance_sum
      FROM dreams
      WHERE fee_fen > 0 ${since ? sql`AND created_at >= ${since.toISOString()}` : sql``}`,
  );
  return {
    plays: toInt(r?.plays),
    stakeFen: toInt(r?.stake_fen),
    wonFen: toInt(r?.won_fen),
    returnSum: Number(r?.return_sum ?? 0),
    meanSum: Number(r?.mean_sum ?? 0),
    varianceSum: Number(r?.variance_sum ?? 0),
  };
}

/** Withdrawals finished since `since` (their finish time recorded), and those requested since then still under way. */
export async function withdrawalTimes(ex: Executor, since: Date) {
  const at = since.toISOString();
  const [r] = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT
        count(*) FILTER (WHERE state = 3) AS delivered,
        count(*) FILTER (WHERE state = 4) AS failed,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - created_at))
          FILTER (WHERE state = 3) AS median_s,
        percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - created_at))
          FILTER (WHERE state = 3) AS p95_s
      FROM retrievals
      WHERE finished_at IS NOT NULL AND finished_at >= ${at} AND state IN (3, 4)`,
  );
  const [open] = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT count(*) AS n FROM retrievals WHERE state IN (0, 1, 2) AND created_at >= ${at}`,
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    delivered: toInt(r?.delivered),
    failed: toInt(r?.failed),
    medianSeconds: num(r?.median_s),
    p95Seconds: num(r?.p95_s),
    inProgress: toInt(open?.n),
  };
}

/** Each bot's settled battles: played, won, the seats' entry price, the value it took and gave. */
export async function botBattleSums(ex: Executor) {
  const rows = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT s.bot_id,
        count(*) AS played,
        count(*) FILTER (WHERE b.winner_seat = s.seat) AS won,
        sum(1.0 / b.seats)::float8 AS expected_wins,
        sum((1.0 / b.seats) * (1 - 1.0 / b.seats))::float8 AS wins_variance,
        coalesce(sum(b.entry_price_fen), 0) AS stake_fen,
        coalesce(sum(t.total) FILTER (WHERE b.winner_seat = s.seat), 0) AS value_won,
        coalesce(sum(t.total - t.own) FILTER (WHERE b.winner_seat = s.seat), 0) AS others_kept,
        coalesce(sum(t.own) FILTER (WHERE b.winner_seat <> s.seat), 0) AS own_given
      FROM battle_seats s
      JOIN battles b ON b.id = s.battle_id AND ${revealedBattle(sql.raw('b'))}
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(value_fen), 0) AS total, coalesce(sum(value_fen) FILTER (WHERE seat = s.seat), 0) AS own
        FROM battle_rolls WHERE battle_id = b.id
      ) t
      WHERE s.bot_id IS NOT NULL
      GROUP BY s.bot_id`,
  );
  return rows.map((r) => ({
    botId: toInt(r.bot_id),
    played: toInt(r.played),
    won: toInt(r.won),
    expectedWins: Number(r.expected_wins ?? 0),
    winsVariance: Number(r.wins_variance ?? 0),
    stakeFen: toInt(r.stake_fen),
    valueWonFen: toInt(r.value_won),
    houseResultFen: toInt(r.others_kept) - toInt(r.own_given),
  }));
}

/** The rounds bots sat, grouped like battleRoundGroups, to price each bot seat's declared return. */
export async function botRoundGroups(ex: Executor) {
  const rows = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT s.bot_id, bb.box_id, bb.version, bb.price_fen, bb.item_prices, count(*) AS plays
      FROM battle_seats s
      JOIN battles b ON b.id = s.battle_id AND ${revealedBattle(sql.raw('b'))}
      JOIN battle_boxes bb ON bb.battle_id = b.id
      WHERE s.bot_id IS NOT NULL
      GROUP BY s.bot_id, bb.box_id, bb.version, bb.price_fen, bb.item_prices`,
  );
  return rows.map((r) => ({
    botId: toInt(r.bot_id),
    boxId: toInt(r.box_id),
    version: toInt(r.version),
    priceFen: toInt(r.price_fen),
    itemPrices: parseJson(r.item_prices),
    plays: toInt(r.plays),
  }));
}

export async function botProfiles(ex: Executor) {
  const rows = await queryRows<Record<string, unknown>>(ex, sql`SELECT id, nickname, head_pic FROM battle_bots ORDER BY id`);
  return rows.map((r) => ({
    botId: toInt(r.id),
    nickname: String(r.nickname),
    headPic: (r.head_pic as string | null) ?? null,
  }));
}
