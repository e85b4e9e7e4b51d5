import {
  RETURN_BAND_Z,
  toPage,
  type TransparencyBot,
  type TransparencyBots,
  type TransparencyBoxPage,
  type TransparencyFigures,
  type TransparencyGames,
  type TransparencyWindow,
  type TransparencyWithdrawals,
} from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { compareReturn, declaredFromOutcomes, poolDeclared, type DeclaredReturn } from '../returns/index.js';
import {
  allBoxes,
  battleRoundGroups,
  botBattleSums,
  botProfiles,
  botRoundGroups,
  dreamSums,
  dropsOfVersions,
  openingsByItem,
  withdrawalTimes,
} from './repo.js';

/**
 * Public transparency (issue 18, docs/decisions/0044): the figures of decision 0033 for every game over a
 * time window, withdrawal times, and the house bots' battles. Every function takes `nowMs`, so tests pick
 * the clock; the routes pass Date.now().
 */

const DAY_MS = 86_400_000;
export const WITHDRAWAL_DAYS = 7;

export function windowStart(window: TransparencyWindow, nowMs: number): Date | null {
  if (window === 'all') return null;
  return new Date(nowMs - (window === '24h' ? 1 : 30) * DAY_MS);
}

/** A play's declared return (compareReturn) with the money it stands on. */
function figures(
  declared: DeclaredReturn | null,
  played: { plays: number; returnSum: number; stakeFen: number; wonFen: number },
): TransparencyFigures {
  const f = compareReturn(declared, { plays: played.plays, returnSum: played.returnSum });
  return {
    plays: played.plays,
    stakeFen: played.stakeFen,
    wonFen: played.wonFen,
    declaredReturn: f.declaredReturn,
    realisedReturn: f.realisedReturn,
    playSd: f.openingSd,
    band95: f.band95,
    alert: f.alert,
    minPlays: f.minOpenings,
  };
}

interface Pooled {
  parts: Array<{ plays: number; declared: DeclaredReturn }>;
  plays: number;
  returnSum: number;
  stakeFen: number;
  wonFen: number;
}
const emptyPool = (): Pooled => ({ parts: [], plays: 0, returnSum: 0, stakeFen: 0, wonFen: 0 });
const pooledFigures = (p: Pooled) => figures(poolDeclared(p.parts), p);

/**
 * Box openings per box in the window. An opening of version v is valued, like decision 0033, at the
 * current recovery price of the item it names, and v's declared return is priced the same way, so the
 * comparison tests the drop frequencies; versions are pooled (poolDeclared) so a box's figures span every
 * version opened in the window. The ratio is taken against the box's list price.
 */
async function boxPools(ex: Executor, since: Date | null) {
  const [boxes, openings] = await Promise.all([allBoxes(ex), openingsByItem(ex, since)]);
  const pairs = new Map<string, { boxId: number; version: number }>();
  for (const o of openings) pairs.set(`${o.boxId}:${o.version}`, { boxId: o.boxId, version: o.version });
  const drops = await dropsOfVersions(ex, [...pairs.values()]);
  const dropsOf = new Map<string, typeof drops>();
  for (const d of drops) {
    const key = `${d.boxId}:${d.version}`;
    dropsOf.set(key, [...(dropsOf.get(key) ?? []), d]);
  }
  const price = new Map(boxes.map((b) => [b.boxId, b.priceFen]));
  const pools = new Map<number, Pooled>();
  const byVersion = new Map<string, number>();
  for (const o of openings) {
    const key = `${o.boxId}:${o.version}`;
    const list = dropsOf.get(key) ?? [];
    const itemPrice = list.find((d) => d.itemId === o.itemId)?.priceFen ?? 0;
    const priceFen = price.get(o.boxId) ?? 0;
    const pool = pools.get(o.boxId) ?? emptyPool();
    pool.plays += o.plays;
    pool.wonFen += o.plays * itemPrice;
    pool.stakeFen += o.plays * priceFen;
    if (priceFen > 0) pool.returnSum += (o.plays * itemPrice) / priceFen;
    pools.set(o.boxId, pool);
    byVersion.set(key, (byVersion.get(key) ?? 0) + o.plays);
  }
  for (const [key, plays] of byVersion) {
    const [boxId] = key.split(':').map(Number) as [number];
    const declared = declaredFromOutcomes(
      (dropsOf.get(key) ?? []).map((d) => ({ weight: d.weight, valueFen: d.priceFen })),
      price.get(boxId) ?? 0,
    );
    if (declared) pools.get(boxId)!.parts.push({ plays, declared });
  }
  return { boxes, pools };
}

/**
 * Battle rounds: a roll of a round is an opening of the round's box at the version, price and item values
 * fixed at creation, and its value is the snapshot value the battle credited (battle_rolls.value_fen).
 */
async function battlePool(ex: Executor, since: Date | null): Promise<Pooled> {
  const groups = await battleRoundGroups(ex, since);
  const weights = await dropsOfVersions(ex, uniquePairs(groups));
  const pool = emptyPool();
  for (const g of groups) {
    pool.plays += g.plays;
    pool.wonFen += g.wonFen;
    pool.stakeFen += g.plays * g.priceFen;
    if (g.priceFen > 0) pool.returnSum += g.wonFen / g.priceFen;
    const declared = battleBoxDeclared(weights, g);
    if (declared) pool.parts.push({ plays: g.plays, declared });
  }
  return pool;
}

function uniquePairs(groups: Array<{ boxId: number; version: number }>) {
  const pairs = new Map<string, { boxId: number; version: number }>();
  for (const g of groups) pairs.set(`${g.boxId}:${g.version}`, { boxId: g.boxId, version: g.version });
  return [...pairs.values()];
}

function battleBoxDeclared(
  weights: Array<{ boxId: number; version: number; itemId: number; weight: number }>,
  g: { boxId: number; version: number; priceFen: number; itemPrices: Record<string, number> },
) {
  return declaredFromOutcomes(
    weights
      .filter((w) => w.boxId === g.boxId && w.version === g.version)
      .map((w) => ({ weight: w.weight, valueFen: g.itemPrices[String(w.itemId)] ?? 0 })),
    g.priceFen,
  );
}

/** Dreams: each one's own declared mean and variance (its p, target and fee), pooled. */
async function dreamPool(ex: Executor, since: Date | null): Promise<Pooled> {
  const s = await dreamSums(ex, since);
  const pool: Pooled = {
    ...emptyPool(),
    plays: s.plays,
    returnSum: s.returnSum,
    stakeFen: s.stakeFen,
    wonFen: s.wonFen,
  };
  if (s.plays > 0)
    pool.parts.push({
      plays: s.plays,
      declared: { mean: s.meanSum / s.plays, variance: s.varianceSum / s.plays },
    });
  return pool;
}

function mergePools(pools: Iterable<Pooled>): Pooled {
  const all = emptyPool();
  for (const p of pools) {
    all.parts.push(...p.parts);
    all.plays += p.plays;
    all.returnSum += p.returnSum;
    all.stakeFen += p.stakeFen;
    all.wonFen += p.wonFen;
  }
  return all;
}

export async function gameReturns(ex: Executor, window: TransparencyWindow, nowMs: number): Promise<TransparencyGames> {
  const since = windowStart(window, nowMs);
  const [{ pools }, battles, dreams] = await Promise.all([boxPools(ex, since), battlePool(ex, since), dreamPool(ex, since)]);
  return {
    window,
    computedAt: new Date(nowMs).toISOString(),
    games: [
      { game: 'box', ...pooledFigures(mergePools(pools.values())) },
      { game: 'battle', ...pooledFigures(battles) },
      { game: 'dream', ...pooledFigures(dreams) },
    ],
  };
}

/**
 * Every box of the catalogue that is on sale or was opened in the window, in the catalogue's order: the
 * figures are computed for all of them in the same few statements (a catalogue of a few hundred boxes), then paged.
 */
export async function boxReturnsPage(
  ex: Executor,
  q: { window: TransparencyWindow; page: number; pageSize: number },
  nowMs: number,
): Promise<TransparencyBoxPage> {
  const { boxes, pools } = await boxPools(ex, windowStart(q.window, nowMs));
  const shown = boxes.filter((b) => b.enabled || pools.has(b.boxId));
  const start = (q.page - 1) * q.pageSize;
  const slice = shown.slice(start, start + q.pageSize);
  // A box nobody opened in the window still shows what its current odds declare.
  const idle = slice.filter((b) => !pools.has(b.boxId));
  const drops = await dropsOfVersions(
    ex,
    idle.map((b) => ({ boxId: b.boxId, version: b.version })),
  );
  const rows = slice.map((b) => {
    const pool = pools.get(b.boxId);
    if (pool) return { boxId: b.boxId, name: b.name, image: b.image, priceFen: b.priceFen, ...pooledFigures(pool) };
    const declared = declaredFromOutcomes(
      drops.filter((d) => d.boxId === b.boxId).map((d) => ({ weight: d.weight, valueFen: d.priceFen })),
      b.priceFen,
    );
    return {
      boxId: b.boxId,
      name: b.name,
      image: b.image,
      priceFen: b.priceFen,
      ...figures(declared, emptyPool()),
    };
  });
  return {
    ...toPage(rows, q.page, q.pageSize, shown.length),
    window: q.window,
    computedAt: new Date(nowMs).toISOString(),
  };
}

export async function withdrawalFigures(ex: Executor, nowMs: number): Promise<TransparencyWithdrawals> {
  const w = await withdrawalTimes(ex, new Date(nowMs - WITHDRAWAL_DAYS * DAY_MS));
  const finished = w.delivered + w.failed;
  const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
  return {
    days: WITHDRAWAL_DAYS,
    delivered: w.delivered,
    failed: w.failed,
    inProgress: w.inProgress,
    medianSeconds: round1(w.medianSeconds),
    p95Seconds: round1(w.p95Seconds),
    failedShare: finished > 0 ? Math.round((w.failed / finished) * 1e6) / 1e6 : null,
    computedAt: new Date(nowMs).toISOString(),
  };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Each bot's record over all its settled battles. A seat of a battle whose rounds every seat draws from the
 * same boxes, with ties broken uniformly, takes the whole pot 1 time in N: so the seat expects the value of
 * its own rolls (the declared return of its boxes), and its wins are a sum of Bernoulli(1/N), whose band
 * is expected ± 1.96·√Σ(1/N)(1−1/N).
 */
export async function botFigures(ex: Executor, nowMs: number): Promise<TransparencyBots> {
  const [profiles, sums, groups] = await Promise.all([botProfiles(ex), botBattleSums(ex), botRoundGroups(ex)]);
  const weights = await dropsOfVersions(ex, uniquePairs(groups));
  const declaredValue = new Map<number, number>();
  for (const g of groups) {
    const d = battleBoxDeclared(weights, g);
    if (d) declaredValue.set(g.botId, (declaredValue.get(g.botId) ?? 0) + g.plays * d.mean * g.priceFen);
  }
  const byBot = new Map(sums.map((s) => [s.botId, s]));
  const bots: TransparencyBot[] = profiles.map((p) => {
    const s = byBot.get(p.botId);
    const played = s?.played ?? 0;
    const stakeFen = s?.stakeFen ?? 0;
    const valueWonFen = s?.valueWonFen ?? 0;
    const expected = s?.expectedWins ?? 0;
    const half = RETURN_BAND_Z * Math.sqrt(s?.winsVariance ?? 0);
    return {
      ...p,
      played,
      won: s?.won ?? 0,
      lost: played - (s?.won ?? 0),
      expectedWins: round6(expected),
      winsBand95: played > 0 ? { low: round6(Math.max(0, expected - half)), high: round6(Math.min(played, expected + half)) } : null,
      stakeFen,
      valueWonFen,
      netFen: valueWonFen - stakeFen,
      houseResultFen: s?.houseResultFen ?? 0,
      declaredReturn: stakeFen > 0 ? round6((declaredValue.get(p.botId) ?? 0) / stakeFen) : null,
      realisedReturn: stakeFen > 0 ? round6(valueWonFen / stakeFen) : null,
    };
  });
  // Bots taken out of new rooms still show their record.
  return { bots, computedAt: new Date(nowMs).toISOString() };
}

/**
 * One cached answer per key for `ttlMs` (the routes are public; each answer reads whole windows). Keys are
 * a fixed small set (window × page), so the cache is bounded; a failure is not kept.
 */
export function publicCache<T>(ttlMs: number, now: () => number = Date.now, maxKeys = 500) {
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  return (key: string, compute: (nowMs: number) => Promise<T>): Promise<T> => {
    const at = now();
    const hit = entries.get(key);
    if (hit && hit.until > at) return hit.value;
    if (entries.size >= maxKeys) for (const [k, e] of entries) if (e.until <= at) entries.delete(k);
    if (entries.size >= maxKeys) entries.clear();
    const value = compute(at);
    entries.set(key, { value, until: at + ttlMs });
    value.catch(() => entries.delete(key));
    return value;
  };
}
