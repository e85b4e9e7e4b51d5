import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { Executor } from '../db/client.js';
import { queryRows, toInt } from '../db/rows.js';

/**
 * Deposits and withdrawals as the database has them (issue 26 §12), read at scrape time by the one process
 * that answers the scrape: these are figures of the whole site, so they are never summed over workers, and
 * an alert takes max() over the nodes. Reads are cached for `maxAgeMs` so a scraper per node (or a
 * dashboard refresh) costs one pair of queries per interval, not one per request.
 *
 * - withdrawals still open (0 retrieving, 1 awaiting shipment, 2 awaiting receipt) by state, and the age of
 *   the oldest of each: "withdrawals stuck" is an age, not a count.
 * - deposits made in the last hour by state (0 waiting, 1 paid, 2 cancelled): count and credit in fen.
 *   The window is read through the primary key (the newest 50,000 orders), so it stays an index range at
 *   any table size; past 50,000 orders an hour it undercounts, and says so in the help text.
 */
export const DEPOSIT_WINDOW_ROWS = 50_000;

export interface MoneyFigures {
  withdrawalsOpen: { state: number; count: number; oldestSeconds: number }[];
  deposits: { state: number; count: number; creditFen: number }[];
}

export async function readMoneyFigures(ex: Executor): Promise<MoneyFigures> {
  const withdrawals = await queryRows<{ state: unknown; count: unknown; oldest_s: unknown }>(
    ex,
    sql`SELECT state, count(*) AS count, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest_s
        FROM retrievals WHERE state IN (0, 1, 2) GROUP BY state`,
  );
  const deposits = await queryRows<{ state: unknown; count: unknown; credit: unknown }>(
    ex,
    sql`SELECT state, count(*) AS count, COALESCE(sum(credit_fen), 0) AS credit
        FROM deposit_orders
        WHERE id > (SELECT COALESCE(max(id), 0) FROM deposit_orders) - ${DEPOSIT_WINDOW_ROWS}
          AND created_at > now() - interval '1 hour'
        GROUP BY state`,
  );
  return {
    withdrawalsOpen: withdrawals.map((r) => ({
      state: toInt(r.state),
      count: toInt(r.count),
      oldestSeconds: Math.max(0, Number(r.oldest_s ?? 0)),
    })),
    deposits: deposits.map((r) => ({ state: toInt(r.state), count: toInt(r.count), creditFen: toInt(r.credit) })),
  };
}

const WITHDRAWAL_STATES = { 0: 'retrieving', 1: 'awaiting_shipment', 2: 'awaiting_receipt' } as const;
const DEPOSIT_STATES = { 0: 'waiting', 1: 'paid', 2: 'cancelled' } as const;

/** Registers the gauges in `registry`; the returned refresh reads the database when the cache is stale. */
export function moneyGauges(registry: Registry, ex: Executor, maxAgeMs = 15_000): { refresh: () => Promise<void> } {
  const open = new Gauge({
    name: 'skinfair_withdrawals_open',
    help: 'Withdrawals not finished, by state (site-wide, read from the database)',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'skinfair_withdrawals_oldest_open_seconds',
    help: 'Age of the oldest unfinished withdrawal in each state (site-wide)',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const count = new Gauge({
    name: 'skinfair_deposits_last_hour',
    help: `Deposit orders made in the last hour by state (site-wide; at most the newest ${DEPOSIT_WINDOW_ROWS} orders)`,
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const credit = new Gauge({
    name: 'skinfair_deposits_last_hour_fen',
    help: 'Credit (fen) of the deposit orders made in the last hour, by state (site-wide)',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  let readAt = -Infinity;
  return {
    async refresh() {
      if (performance.now() - readAt < maxAgeMs) return;
      const figures = await readMoneyFigures(ex);
      readAt = performance.now();
      // Every state gets a sample, 0 included: a missing series reads as "unknown", not "none".
      for (const [state, name] of Object.entries(WITHDRAWAL_STATES)) {
        const row = figures.withdrawalsOpen.find((r) => r.state === Number(state));
        open.set({ state: name }, row?.count ?? 0);
        oldest.set({ state: name }, row?.oldestSeconds ?? 0);
      }
      for (const [state, name] of Object.entries(DEPOSIT_STATES)) {
        const row = figures.deposits.find((r) => r.state === Number(state));
        count.set({ state: name }, row?.count ?? 0);
        credit.set({ state: name }, row?.creditFen ?? 0);
      }
    },
  };
}
