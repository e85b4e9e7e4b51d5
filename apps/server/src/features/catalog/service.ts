import { buildRanges, oddsHash, type RollRange } from '@skinfair/fairness';
import { matchesBoxModule, type BoxDetail, type BoxGift, type BoxSummary, type BoxTheme } from '@skinfair/contract';
import type { Executor, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { dropsOf, findBox, insertVersion, listBoxesWithReturn, listThemes, nextVersionNumber, type BoxRow, type ItemRow } from './repo.js';

/**
 * Publishes a new odds version of a box (PF v1 §5, append-only): integer weights summing to 100000 in a
 * fixed order, their ranges, the odds hash, the expected return, and the price derived from it.
 */
export async function publishBoxVersion(
  tx: Tx,
  boxId: number,
  drops: Array<{ itemId: number; weight: number; recoveryPriceFen: number }>,
  priceFen: number,
): Promise<{ version: number; oddsHash: string; expectedReturnFen: number }> {
  const ranges = buildRanges(drops.map((d) => ({ itemId: d.itemId, weight: d.weight })));
  const version = await nextVersionNumber(tx, boxId);
  const hash = oddsHash(boxId, version, ranges);
  // Σ weight × price / 100000, rounded down: the published expected return never overstates.
  const expectedReturnFen = Math.floor(drops.reduce((sum, d) => sum + d.weight * d.recoveryPriceFen, 0) / 100_000);
  await insertVersion(
    tx,
    { boxId, version, oddsHash: hash, expectedReturnFen },
    ranges.map((r, position) => ({
      boxId,
      version,
      position,
      itemId: r.itemId,
      weight: r.high - r.low + 1,
      rollLow: r.low,
      rollHigh: r.high,
    })),
    priceFen,
  );
  return { version, oddsHash: hash, expectedReturnFen };
}

function toSummary(box: BoxRow, expectedReturnFen: number): BoxSummary {
  return {
    id: box.id,
    boxName: box.name,
    boxImage: box.image,
    weaponImage: box.weaponImage,
    openPrice: box.priceFen,
    boxType: box.boxType,
    boxThemeId: box.themeId,
    expectedReturn: expectedReturnFen,
    enabled: box.enabled,
  };
}

/**
 * The paid themes (a free box is never a battle's), or one of them, with only the boxes battles may use:
 * what a battle's box picker offers. `moduleId` 5 (CS2) or -1 is the whole catalogue; another module has none.
 */
export async function battleThemeList(ex: Executor, moduleId: number, themeId: number): Promise<BoxTheme[]> {
  return (await boxThemeList(ex, -1, moduleId, true)).filter((t) => t.boxType !== 0 && (themeId === -1 || t.id === themeId));
}

/** `forBattles`: only the boxes the console lets battles use (issue 16). */
export async function boxThemeList(ex: Executor, boxType: number, moduleId: number, forBattles = false): Promise<BoxTheme[]> {
  // Every box here is in the CS2 module: a client asking for another game's boxes gets none, not ours.
  if (!matchesBoxModule(moduleId)) return [];
  const [themes, rows] = await Promise.all([listThemes(ex), listBoxesWithReturn(ex)]);
  return themes
    .filter((t) => boxType === -1 || t.boxType === boxType)
    .map((t) => ({
      id: t.id,
      themeName: t.name,
      boxType: t.boxType,
      weight: t.weight,
      boxList: rows
        .filter((r) => r.box.themeId === t.id && r.box.enabled && (!forBattles || r.box.battleEligible))
        .map((r) => toSummary(r.box, r.expectedReturnFen)),
    }))
    .filter((t) => t.boxList.length > 0);
}

const toGift = (drop: { weight: number; rollLow: number; rollHigh: number }, item: ItemRow): BoxGift => ({
  giftId: item.id,
  giftName: item.name,
  giftImage: item.image,
  grade: item.grade,
  recoveryPrice: item.recoveryPriceFen,
  weight: drop.weight,
  realProbability: drop.weight / 100_000,
  rollCodeLow: drop.rollLow,
  rollCodeHigh: drop.rollHigh,
});

export async function boxDetail(ex: Executor, boxId: number): Promise<BoxDetail> {
  const found = await findBox(ex, boxId);
  if (!found) throw new AppError('BOX_NOT_FOUND', `box ${boxId}`);
  const drops = await dropsOf(ex, boxId, found.box.currentVersion);
  const gifts = drops.map(({ drop, item }) => toGift(drop, item));
  const byGrade = new Map<number, number>();
  for (const g of gifts) byGrade.set(g.grade, (byGrade.get(g.grade) ?? 0) + g.weight);
  // Decision 0061: the declared return is fixed with the odds version; the live one follows today's prices.
  const weightedFen = drops.reduce((sum, { drop, item }) => sum + BigInt(drop.weight) * BigInt(item.recoveryPriceFen), 0n);
  const priceFen = found.box.priceFen;
  return {
    ...toSummary(found.box, found.expectedReturnFen),
    version: found.box.currentVersion,
    oddsHash: found.oddsHash,
    returnRateBp: priceFen > 0 ? Math.floor((found.expectedReturnFen * 10_000) / priceFen) : 0,
    liveReturnRateBp: priceFen > 0 ? Number((weightedFen * 10_000n) / (100_000n * BigInt(priceFen))) : 0,
    gifts,
    gradeGiftProb: [...byGrade.entries()].sort(([a], [b]) => a - b).map(([grade, w]) => ({ grade, prob: w / 100_000 })),
  };
}

export interface LoadedBox {
  box: BoxRow;
  version: number;
  oddsHash: string;
  ranges: RollRange[];
  items: Map<number, ItemRow>;
}

/**
 * A box version's ranges never change, so openings read them from memory after the first time. Its items'
 * recovery prices can (the console's Items screen): the node that changes them drops this cache at once
 * (forgetCachedItems), and every other node reads them again after at most VERSION_ITEMS_TTL_MS.
 */
const VERSION_ITEMS_TTL_MS = 60_000;
const versionCache = new Map<string, { oddsHash: string; ranges: RollRange[]; items: Map<number, ItemRow>; loadedAt: number }>();

export async function loadBoxForOpening(ex: Executor, boxId: number): Promise<LoadedBox> {
  const found = await findBox(ex, boxId);
  if (!found) throw new AppError('BOX_NOT_FOUND', `box ${boxId}`);
  const version = found.box.currentVersion;
  const key = `${boxId}:${version}:${found.oddsHash}`;
  let cached = versionCache.get(key);
  if (!cached || Date.now() - cached.loadedAt > VERSION_ITEMS_TTL_MS) {
    const drops = await dropsOf(ex, boxId, version);
    cached = {
      oddsHash: found.oddsHash,
      ranges: drops.map(({ drop }) => ({ itemId: drop.itemId, low: drop.rollLow, high: drop.rollHigh })),
      items: new Map(drops.map(({ item }) => [item.id, item])),
      loadedAt: Date.now(),
    };
    versionCache.set(key, cached);
  }
  return { box: found.box, version, oddsHash: cached.oddsHash, ranges: cached.ranges, items: cached.items };
}

/**
 * The box as openings last read it, kept for a few seconds so an opening does not read it again. It is a
 * hint, never the truth: the opening's own locking statement checks that the price, version, type and
 * state still match the row (cases/open-statements.ts) and reads it afresh when they do not, so a stale
 * entry costs one extra read, never a wrong price or odds.
 */
const boxHints = new Map<number, { loaded: LoadedBox; until: number }>();
const BOX_HINT_MS = 5_000;

export async function boxForOpening(ex: Executor, boxId: number): Promise<LoadedBox> {
  const hint = boxHints.get(boxId);
  if (hint && hint.until > Date.now()) return hint.loaded;
  return freshBoxForOpening(ex, boxId);
}

/**
 * Item prices changed (the console's Items screen): openings read the boxes' items again instead of the
 * copies cached with each version, so the next opening in this process grants the new recovery price.
 */
export function forgetCachedItems(): void {
  versionCache.clear();
  boxHints.clear();
}

export async function freshBoxForOpening(ex: Executor, boxId: number): Promise<LoadedBox> {
  const loaded = await loadBoxForOpening(ex, boxId);
  boxHints.set(boxId, { loaded, until: Date.now() + BOX_HINT_MS });
  return loaded;
}
