import { battleRoll, pickByRoll, roundTime, type RollRange } from '@skinfair/fairness';
import { BATTLE_ROUND_MS, EventType, type BattleMode } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../platform/db/client.js';
import type { TxScope } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import type { JobHandler } from '../../platform/jobs/index.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { grantItems } from '../backpack/index.js';
import { dropsOf, itemsByIds, type ItemRow } from '../catalog/index.js';
import { recordDrops } from '../stats/index.js';
import {
  boxesOf,
  boxInfos,
  findBattleById,
  insertRolls,
  lockBattleById,
  playersByIds,
  seatsOf,
  updateBattle,
  type BattleRow,
} from './repo.js';
import { scheduleRankReward } from './rank.js';
import { scheduleRevealRound } from './reveal-job.js';
import { battleRules, pickWinner } from './rules.js';
import { expireBattle, refundSeats } from './rooms.js';
import { publishBattle } from './views.js';

/** PF v1 §7.7: no verified round R within 120 s of its time, and the battle is voided and refunded. */
export const BEACON_DEADLINE_S = 120;

export interface DrawDeps {
  db: AppContext['db'];
  live: LivePublisher;
  beacon: BeaconProvider;
}

/** The draw job's handler (registered in app.ts); the beacon is a parameter until AppContext carries it. */
export function battleDrawJob(deps: DrawDeps): JobHandler {
  return async (payload, scope) => void (await drawBattle(deps, scope, Number(payload.battleId)));
}

export function battleExpireJob(deps: Pick<AppContext, 'db' | 'live' | 'hash'>): JobHandler {
  return (payload, { tx, afterCommit }) => expireBattle(deps, tx, afterCommit, Number(payload.battleId));
}

/**
 * A box version's ranges never change (PF v1 §5: versions are append-only), so a settlement reads each
 * version once per process; the odds hash in the key guards against a database that disagrees.
 */
const rangeCache = new Map<string, RollRange[]>();
const rangeKey = (b: { boxId: number; version: number; oddsHash: string }) => `${b.boxId}:${b.version}:${b.oddsHash}`;

export type DrawOutcome = 'ended' | 'voided' | 'skipped';

type Beacon = Awaited<ReturnType<BeaconProvider['fetchRound']>>;
type Roll = Parameters<typeof insertRolls>[1][number];
type BoxRow = Awaited<ReturnType<typeof boxesOf>>[number];
type SeatRow = Awaited<ReturnType<typeof seatsOf>>[number];
interface DrawInput {
  battleId: number;
  round: number;
  randomness: string;
  seatsDigest: string;
}

/**
 * Lock → draw → settle, in the job's one transaction (PF v1 §7.4–7.6). Idempotent: the battle row is
 * locked and only a running battle is drawn, so a job re-run after a crash or a lost lease finds it ended
 * (or voided) and does nothing; the rolls' primary key would refuse a second draw anyway.
 */
export async function drawBattle(deps: DrawDeps, scope: TxScope, battleId: number, nowMs = Date.now()): Promise<DrawOutcome> {
  const { tx } = scope;
  const locked = await lockWithBeacon(deps, scope, battleId, nowMs);
  if (locked === 'skipped' || locked === 'voided') return locked;
  const { battle, beacon } = locked;
  const boxes = await boxesOf(tx, battleId);
  const seats = await seatsOf(tx, battleId);
  await cacheRanges(tx, boxes);
  const input: DrawInput = { battleId, round: beacon.round, randomness: beacon.randomness, seatsDigest: battle.seatsDigest! };
  const rolls = rollEverySeat(battle, boxes, seats, input);
  const totals = new Map(seats.map((s) => [s.seat, 0]));
  for (const r of rolls) totals.set(r.seat, totals.get(r.seat)! + r.valueFen);
  const { seat: winnerSeat } = pickWinner(battleRules[battle.rule as BattleMode], totals, { serverSeed: battle.serverSeed, ...input });
  const winner = seats.find((s) => s.seat === winnerSeat)!;
  // The winner takes every item; a bot's win stays with the house: no backpack row, no money (decision 0025).
  if (winner.userId !== null) await giveToWinner(deps, scope, { battle, boxes, rolls, userId: winner.userId, nowMs });
  await insertRolls(tx, rolls);
  const settled = await updateBattle(tx, battleId, 'running', {
    state: 'ended',
    beaconSource: beacon.source,
    beaconSignature: beacon.signature,
    randomness: beacon.randomness,
    winnerSeat,
    endedAt: new Date(nowMs),
  });
  if (!settled) throw new AppError('INTERNAL', 'battle state moved under its lock');
  await scheduleRankReward(tx, nowMs);
  // The room's pushes come from durable jobs, one per round, so they outlive this node (reveal-job.ts).
  if (battle.passwordHash === null) await scheduleRevealRound(tx, battleId, 1, new Date(nowMs));
  return 'ended';
}

/**
 * The running battle, locked, with its beacon round; or 'voided' once the beacon is past its deadline, or
 * 'skipped' when there is nothing to draw. A beacon not there yet throws, so the job tries again.
 */
async function lockWithBeacon(
  deps: DrawDeps,
  { tx, afterCommit }: TxScope,
  battleId: number,
  nowMs: number,
): Promise<{ battle: BattleRow; beacon: NonNullable<Beacon> } | 'voided' | 'skipped'> {
  // The beacon is fetched before the row is locked: a slow drand answer must not hold the room's lock.
  const seen = await findBattleById(tx, battleId);
  if (!seen || seen.state !== 'running' || seen.targetRound === null) return 'skipped';
  const round = seen.targetRound;
  const beacon = await deps.beacon.fetchRound(round).catch(() => null);
  const battle = await lockBattleById(tx, battleId);
  if (!battle || battle.state !== 'running' || battle.seatsDigest === null) return 'skipped';
  if (beacon && beacon.round === round) return { battle, beacon };
  // Fail closed (W6): never another round, never without a beacon; a late beacon is waited for until then.
  if (nowMs >= (roundTime(round) + BEACON_DEADLINE_S) * 1000) {
    await refundSeats(tx, battle, 'voided');
    afterCommit(() => publishBattle(deps, battleId, EventType.BATTLE_STATE));
    return 'voided';
  }
  throw new Error(`beacon round ${round} not available yet`);
}

async function cacheRanges(tx: Executor, boxes: BoxRow[]): Promise<void> {
  for (const box of boxes) {
    const key = rangeKey(box);
    if (rangeCache.has(key)) continue;
    const drops = await dropsOf(tx, box.boxId, box.version);
    rangeCache.set(
      key,
      drops.map(({ drop }) => ({ itemId: drop.itemId, low: drop.rollLow, high: drop.rollHigh })),
    );
  }
}

/** One roll per box and seat (PF v1 §7.5), valued at the snapshot taken when the battle was created (W9). */
function rollEverySeat(battle: BattleRow, boxes: BoxRow[], seats: SeatRow[], input: DrawInput): Roll[] {
  return boxes.flatMap((box) =>
    seats.map((seat) => {
      const trace = battleRoll(battle.serverSeed, input, box.round, seat.seat);
      const range = pickByRoll(rangeCache.get(rangeKey(box))!, trace.rollCode);
      const valueFen = box.itemPrices[String(range.itemId)];
      if (valueFen === undefined) throw new AppError('INTERNAL', `no price snapshot for item ${range.itemId}`);
      return {
        battleId: input.battleId,
        round: box.round,
        seat: seat.seat,
        rollCode: trace.rollCode,
        rangeLow: range.low,
        rangeHigh: range.high,
        itemId: range.itemId,
        valueFen,
        inventoryItemId: null as number | null,
      };
    }),
  );
}

/** A player who wins gets every item in the backpack (each roll learns its row) and the drops feed. */
async function giveToWinner(
  deps: DrawDeps,
  { tx }: TxScope,
  won: { battle: BattleRow; boxes: BoxRow[]; rolls: Roll[]; userId: number; nowMs: number },
): Promise<void> {
  const { battle, boxes, rolls, userId } = won;
  const granted = await grantItems(
    tx,
    userId,
    rolls.map((r) => ({ itemId: r.itemId, recoveryPriceFen: r.valueFen })),
    { sourceType: 'battle', sourceId: battle.id },
  );
  // Matched by item, not by position: RETURNING's row order is not a promise PostgreSQL makes.
  const byItem = new Map<number, number[]>();
  for (const g of granted) byItem.set(g.itemId, [...(byItem.get(g.itemId) ?? []), g.id]);
  for (const r of rolls) r.inventoryItemId = byItem.get(r.itemId)!.shift()!;
  const items = new Map((await itemsByIds(tx, [...new Set(rolls.map((r) => r.itemId))])).map((i): [number, ItemRow] => [i.id, i]));
  const [player] = (await playersByIds(tx, [userId])).values();
  const boxNames = await boxInfos(tx, [...new Set(boxes.map((b) => b.boxId))]);
  const boxOfRound = new Map(boxes.map((b) => [b.round, b.boxId]));
  // The feed shows the winner's items only once every round is revealed, or it would spoil the result:
  // the rows are public from the reveal's end, and the last round's reveal job sends event 23 then, not
  // this commit. A private room's drops are never public (issue 24 §14): no event, and rows no public
  // read shows.
  const revealEndMs = won.nowMs + (boxes.length - 1) * BATTLE_ROUND_MS;
  const publicFrom = battle.passwordHash === null ? new Date(revealEndMs) : null;
  await recordDrops(
    { tx, afterCommit: () => undefined },
    deps.live,
    rolls.map((r) => {
      const item = items.get(r.itemId)!;
      const box = boxNames.get(boxOfRound.get(r.round)!);
      return {
        userId,
        nickname: player?.nickname ?? '',
        headPic: player?.avatar ?? null,
        giftName: item.name,
        giftImage: item.image,
        grade: item.grade,
        recoveryPriceFen: r.valueFen,
        sourceType: EventType.BATTLE_DROP,
        sourceId: battle.id,
        sourceName: box?.name ?? null,
        sourceImage: box?.image ?? null,
        publicFrom,
      };
    }),
  );
}
