import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { boxDrops, boxes, items } from './tables.js';
import { likePattern } from '../../platform/db/like.js';

/**
 * Boxes with the drop list of their current odds version and each drop's recovery price: what the live
 * return (issue 16 screen 3, features/returns) computes the declared return and its spread from. Two
 * queries whatever the number of boxes: the boxes, then all their drops.
 */
export interface BoxWithOdds {
  boxId: number;
  name: string;
  image: string | null;
  enabled: boolean;
  boxType: number;
  priceFen: number;
  version: number;
  drops: Array<{ itemId: number; weight: number; priceFen: number }>;
}

/** `search`: a box id (digits) or part of a name; `boxIds`: exactly these boxes. */
export async function boxesWithCurrentOdds(
  ex: Executor,
  filter: { search?: string | undefined; boxIds?: number[] },
): Promise<BoxWithOdds[]> {
  const where: SQL[] = [];
  if (filter.boxIds) {
    if (filter.boxIds.length === 0) return [];
    where.push(inArray(boxes.id, filter.boxIds));
  }
  if (filter.search) {
    const asId = /^\d{1,15}$/.test(filter.search) ? Number(filter.search) : null;
    where.push(asId !== null ? eq(boxes.id, asId) : ilike(boxes.name, likePattern(filter.search)));
  }
  const rows = await ex
    .select({
      boxId: boxes.id,
      name: boxes.name,
      image: boxes.image,
      enabled: boxes.enabled,
      boxType: boxes.boxType,
      priceFen: boxes.priceFen,
      version: boxes.currentVersion,
    })
    .from(boxes)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(boxes.weight), asc(boxes.id));
  if (rows.length === 0) return [];
  const drops = await ex
    .select({
      boxId: boxDrops.boxId,
      itemId: boxDrops.itemId,
      weight: boxDrops.weight,
      priceFen: items.recoveryPriceFen,
    })
    .from(boxDrops)
    .innerJoin(boxes, and(eq(boxes.id, boxDrops.boxId), eq(boxes.currentVersion, boxDrops.version)))
    .innerJoin(items, eq(items.id, boxDrops.itemId))
    .where(
      inArray(
        boxDrops.boxId,
        rows.map((r) => r.boxId),
      ),
    )
    .orderBy(asc(boxDrops.boxId), asc(boxDrops.position));
  const byBox = new Map<number, BoxWithOdds['drops']>();
  for (const d of drops) {
    const list = byBox.get(d.boxId) ?? [];
    list.push({ itemId: d.itemId, weight: d.weight, priceFen: d.priceFen });
    byBox.set(d.boxId, list);
  }
  return rows.map((r) => ({ ...r, drops: byBox.get(r.boxId) ?? [] }));
}
