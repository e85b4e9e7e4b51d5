import type { z } from 'zod';
import {
  RETURN_WINDOW_DEFAULT,
  toPage,
  type AdminBoxReturn,
  type adminReturnListParams,
  type CaseReturn,
  type LiveReturn,
  type Page,
} from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { boxesWithCurrentOdds, type BoxWithOdds } from '../catalog/index.js';
import { lastBoxOpeningsByItem } from '../fairness/index.js';
import { compareReturn, declaredFromOutcomes } from './live-return.js';

/**
 * The live return of boxes (issue 16 screen 3; docs/decisions/0033). Only openings of a box's current odds
 * version count: the band is the spread of that version's drop list, so older openings (another
 * distribution) would bias it. The value won is the drop's recovery price; the price is the box's.
 */

export interface BoxReturn extends LiveReturn {
  box: BoxWithOdds;
}

/** Every box matching the filter, in the catalogue's order: three queries however many boxes. */
export async function boxReturns(
  ex: Executor,
  filter: { search?: string | undefined; boxIds?: number[] },
  window: number,
): Promise<BoxReturn[]> {
  const list = await boxesWithCurrentOdds(ex, filter);
  const counts = await lastBoxOpeningsByItem(
    ex,
    list.map((b) => ({ boxId: b.boxId, version: b.version })),
    window,
  );
  const byBox = new Map<number, typeof counts>();
  for (const c of counts) byBox.set(c.boxId, [...(byBox.get(c.boxId) ?? []), c]);
  return list.map((box) => {
    const prices = new Map(box.drops.map((d) => [d.itemId, d.priceFen]));
    let openings = 0;
    let wonFen = 0;
    let paidFen = 0;
    for (const c of byBox.get(box.boxId) ?? []) {
      openings += c.openings;
      paidFen += c.paidFen;
      // A roll of this version can only name one of its drops.
      wonFen += c.openings * (prices.get(c.itemId) ?? 0);
    }
    const declared = declaredFromOutcomes(
      box.drops.map((d) => ({ weight: d.weight, valueFen: d.priceFen })),
      box.priceFen,
    );
    const figures = compareReturn(declared, {
      plays: openings,
      returnSum: box.priceFen > 0 ? wonFen / box.priceFen : 0,
    });
    return { box, openings, window, wonFen, paidFen, ...figures };
  });
}

const toAdmin = ({ box, ...figures }: BoxReturn): AdminBoxReturn => ({
  boxId: box.boxId,
  name: box.name,
  image: box.image,
  enabled: box.enabled,
  priceFen: box.priceFen,
  version: box.version,
  ...figures,
});

/**
 * The console's list: alerts first, then the catalogue's order; paged after the sort, so the figures are
 * computed for every box the search matches (a few hundred at most) in one pass.
 */
export async function pageBoxReturns(ex: Executor, q: z.output<typeof adminReturnListParams>): Promise<Page<AdminBoxReturn>> {
  const all = await boxReturns(ex, { search: q.search }, q.window);
  const rows = all.filter((r) => q.alerts === 'all' || r.alert);
  const sorted = [...rows.filter((r) => r.alert), ...rows.filter((r) => !r.alert)];
  const start = (q.page - 1) * q.pageSize;
  return toPage(sorted.slice(start, start + q.pageSize).map(toAdmin), q.page, q.pageSize, sorted.length);
}

/** One box's figures over the default window, as its page shows them. */
export async function caseReturn(ex: Executor, caseId: number): Promise<CaseReturn> {
  const [found] = await boxReturns(ex, { boxIds: [caseId] }, RETURN_WINDOW_DEFAULT);
  if (!found) throw new AppError('BOX_NOT_FOUND', `box ${caseId}`);
  const { box, ...figures } = found;
  return { caseId: box.boxId, priceFen: box.priceFen, version: box.version, ...figures };
}

/**
 * The public figures, kept briefly per box (the route is open to everyone and each answer scans up to
 * RETURN_WINDOW_DEFAULT rolls). One cache per app, so tests build their own; only boxes that exist are
 * kept, so its size is bounded by the catalogue.
 */
export function caseReturnCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<number, { value: Promise<CaseReturn>; until: number }>();
  return (ex: Executor, caseId: number): Promise<CaseReturn> => {
    const hit = entries.get(caseId);
    if (hit && hit.until > now()) return hit.value;
    const value = caseReturn(ex, caseId);
    entries.set(caseId, { value, until: now() + ttlMs });
    // A failure (an unknown box, a dropped database) is not kept.
    value.catch(() => entries.delete(caseId));
    return value;
  };
}
