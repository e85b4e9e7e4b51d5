import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

/**
 * The last `window` openings of each box under one odds version, counted per item won, with what was paid
 * for them (issue 16 screen 3: the live return, features/returns). An opening is one roll of game `case`
 * or `free_case` (cases/open-statements.ts writes them); the rolls name the box, its version and the item.
 * Only openings set `case_id` (a dream's roll has none, battles keep their own rounds), so the statement
 * does not test `game`: that keeps each box's read an index-only backward scan of `rolls_case` (case_id,
 * case_version, id, item_id, price_paid_fen), one statement for all the boxes.
 */
export interface BoxOpeningsByItem {
  boxId: number;
  itemId: number;
  openings: number;
  paidFen: number;
}

export async function lastBoxOpeningsByItem(
  ex: Executor,
  boxes: Array<{ boxId: number; version: number }>,
  window: number,
): Promise<BoxOpeningsByItem[]> {
  if (boxes.length === 0) return [];
  const ids = sql.join(
    boxes.map((b) => sql`${b.boxId}`),
    sql`, `,
  );
  const versions = sql.join(
    boxes.map((b) => sql`${b.version}`),
    sql`, `,
  );
  const rows = await queryRows<{ box_id: unknown; item_id: unknown; openings: unknown; paid_fen: unknown }>(
    ex,
    sql`SELECT w.box_id, r.item_id, count(*) AS openings, coalesce(sum(r.price_paid_fen), 0) AS paid_fen
      FROM unnest(ARRAY[${ids}]::bigint[], ARRAY[${versions}]::int[]) AS w(box_id, version)
      CROSS JOIN LATERAL (
        SELECT item_id, price_paid_fen FROM rolls
        WHERE case_id = w.box_id AND case_version = w.version
        ORDER BY id DESC
        LIMIT ${window}
      ) r
      GROUP BY w.box_id, r.item_id`,
  );
  return rows.map((r) => ({
    boxId: toInt(r.box_id),
    itemId: toInt(r.item_id),
    openings: toInt(r.openings),
    paidFen: toInt(r.paid_fen),
  }));
}
