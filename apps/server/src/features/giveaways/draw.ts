import { giveawayDraw, giveawayEntriesHash } from '@skinfair/fairness';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { runInTransaction, type TxScope } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import type { JobHandler } from '../../platform/jobs/index.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { grantItems } from '../backpack/index.js';
import { itemsByIds } from '../catalog/index.js';
import { sendMessage } from '../messages/index.js';
import {
  entriesByNumbers,
  entriesOf,
  findGiveaway,
  lockGiveaway,
  pageGiveaways,
  prizesOf,
  releaseEscrow,
  setPrizeWinner,
  stockLinesInStock,
  updateGiveaway,
  type GiveawayRow,
  type PrizeRow,
} from './repo.js';
import { publishGiveaway } from './live.js';
import { insertOfficialGiveaway, returnPrizes } from './rooms.js';
import { tellCreator } from './creator-message.js';

export interface DrawDeps {
  db: AppContext['db'];
  live: LivePublisher;
  beacon: BeaconProvider;
}

export type FreezeOutcome = 'frozen' | 'closed' | 'skipped';
export type DrawOutcome = 'drawn' | 'closed' | 'skipped';

export function giveawayFreezeJob(deps: Pick<DrawDeps, 'db' | 'live'>): JobHandler {
  return async (payload, scope) => void (await freezeGiveaway(deps, scope, Number(payload.giveawayId)));
}

export function giveawayDrawJob(deps: DrawDeps): JobHandler {
  return async (payload, scope) => void (await drawGiveaway(deps, scope, Number(payload.giveawayId)));
}

/**
 * PF v1 §8 at the open time: the entries are frozen (a join needs entries_hash IS NULL under the room's
 * lock, so none commits after this) and their hash and count published, before time(R).
 */
async function freezeLocked(tx: Tx, room: GiveawayRow, nowMs: number): Promise<GiveawayRow> {
  const entries = await entriesOf(tx, room.id);
  // Numbers 1..n with no gap: what every verifier assumes when it rebuilds a = [1..n].
  if (entries.length !== room.entrySeq || entries.some((e, i) => e.entryNo !== i + 1))
    throw new AppError('INTERNAL', `giveaway ${room.id}: entries do not run 1..${room.entrySeq}`);
  const set = { entriesHash: giveawayEntriesHash(entries), entryCount: entries.length, frozenAt: new Date(nowMs) };
  if (!(await updateGiveaway(tx, room.id, 'running', set))) throw new AppError('INTERNAL', 'giveaway state moved under its lock');
  return { ...room, ...set };
}

/** Nobody joined: nothing to draw and no beacon to wait for; every prize goes back, the seed is revealed. */
async function closeEmpty(tx: Tx, room: GiveawayRow, nowMs: number): Promise<void> {
  const prizes = await prizesOf(tx, [room.id]);
  await returnPrizes(tx, room, prizes);
  await tellCreator(tx, room, 0, prizes.length);
  if (!(await updateGiveaway(tx, room.id, 'running', { state: 'ended', drawnAt: new Date(nowMs) })))
    throw new AppError('INTERNAL', 'giveaway state moved under its lock');
}

/** The freeze job (at openTime). Idempotent: a frozen, drawn or cancelled room is left alone. */
export async function freezeGiveaway(
  deps: Pick<DrawDeps, 'db' | 'live'>,
  scope: TxScope,
  giveawayId: number,
  nowMs = Date.now(),
): Promise<FreezeOutcome> {
  const { tx, afterCommit } = scope;
  const room = await lockGiveaway(tx, giveawayId);
  if (!room || room.state !== 'running' || room.entriesHash !== null) return 'skipped';
  // A job claimed early (another node's clock) tries again: joins stay open until the open time.
  if (nowMs < room.openTime.getTime()) throw new Error(`giveaway ${giveawayId} opens at ${room.openTime.toISOString()}`);
  const frozen = await freezeLocked(tx, room, nowMs);
  let outcome: FreezeOutcome = 'frozen';
  if (frozen.entryCount === 0) {
    await closeEmpty(tx, frozen, nowMs);
    await nextDemoRoom(tx, frozen, afterCommit, deps, nowMs);
    outcome = 'closed';
  }
  afterCommit(() => publishGiveaway(deps, giveawayId));
  return outcome;
}

/**
 * The draw job (at time(R)), in the job's one transaction: fetch and verify round R, partial Fisher–Yates
 * over the frozen entries, the prizes into the winners' backpacks, the messages, the room ended with the
 * beacon (which reveals the seed and salt). Each room is drawn once: the row is locked and only a running
 * room is drawn, so a re-run after a crash, a lost lease or on a second node finds it ended.
 * Without round R it throws and the runner retries: never another round, never without a beacon.
 */
export async function drawGiveaway(deps: DrawDeps, scope: TxScope, giveawayId: number, nowMs = Date.now()): Promise<DrawOutcome> {
  const { tx, afterCommit } = scope;
  const seen = await findGiveaway(tx, giveawayId);
  if (!seen || seen.state !== 'running') return 'skipped';
  if (nowMs < seen.openTime.getTime()) throw new Error(`giveaway ${giveawayId} opens at ${seen.openTime.toISOString()}`);
  // Fetched before the lock: a slow drand answer must not hold the room.
  const beacon = await deps.beacon.fetchRound(seen.targetRound).catch(() => null);
  const locked = await lockGiveaway(tx, giveawayId);
  if (!locked || locked.state !== 'running') return 'skipped';
  // The freeze job normally ran at the open time; after an outage the draw freezes first (the entries
  // were closed at the open time all the same: no join commits after it).
  const room = locked.entriesHash === null ? await freezeLocked(tx, locked, nowMs) : locked;
  if (room.entryCount === 0) {
    await closeEmpty(tx, room, nowMs);
    await nextDemoRoom(tx, room, afterCommit, deps, nowMs);
    afterCommit(() => publishGiveaway(deps, giveawayId));
    return 'closed';
  }
  if (!beacon || beacon.round !== room.targetRound) throw new Error(`beacon round ${room.targetRound} not available yet`);

  const prizes = await prizesOf(tx, [giveawayId]);
  const trace = giveawayDraw(
    room.serverSeed,
    { giveawayId, round: room.targetRound, randomness: beacon.randomness, entriesHash: room.entriesHash! },
    room.entryCount!,
    prizes.length,
  );
  const won = prizes.slice(0, trace.winners.length);
  const userOfEntry = await entriesByNumbers(tx, giveawayId, trace.winners);
  const winnerOf = (k: number) => {
    const entryNo = trace.winners[k]!;
    return { entryNo, userId: userOfEntry.get(entryNo)! };
  };
  // A creator's escrowed item is spent; the winner gets a new backpack row of the same item and value.
  const escrowed = won.map((p) => p.escrowInventoryId).filter((id): id is number => id !== null);
  if (escrowed.length > 0) {
    const spent = await releaseEscrow(tx, room.creatorId!, escrowed, 'used', giveawayId);
    if (spent !== escrowed.length) throw new AppError('INTERNAL', `escrow ${spent}/${escrowed.length}`);
  }
  const byWinner = new Map<number, Array<{ prize: PrizeRow; entryNo: number }>>();
  won.forEach((prize, k) => {
    const w = winnerOf(k);
    byWinner.set(w.userId, [...(byWinner.get(w.userId) ?? []), { prize, entryNo: w.entryNo }]);
  });
  const names = new Map((await itemsByIds(tx, [...new Set(won.map((p) => p.itemId))])).map((i) => [i.id, i.name]));
  for (const [userId, list] of [...byWinner].sort((a, b) => a[0] - b[0])) {
    const granted = await grantItems(
      tx,
      userId,
      list.map(({ prize }) => ({ itemId: prize.itemId, recoveryPriceFen: prize.valueFen })),
      { sourceType: 'giveaway', sourceId: giveawayId },
    );
    // Matched by item, not by position: RETURNING's row order is not a promise PostgreSQL makes.
    const byItem = new Map<number, number[]>();
    for (const g of granted) byItem.set(g.itemId, [...(byItem.get(g.itemId) ?? []), g.id]);
    for (const { prize, entryNo } of list)
      await setPrizeWinner(tx, prize.id, { userId, entryNo, inventoryId: byItem.get(prize.itemId)!.shift()! });
    await sendMessage(tx, userId, {
      type: 'reward',
      title: '福利屋中奖通知',
      content: `恭喜您在福利屋「${room.title}」中以第 ${list[0]!.entryNo} 号参与抽中：${list
        .map(({ prize }) => names.get(prize.itemId) ?? '')
        .join('、')}，奖品已放入您的背包。`,
    });
  }
  await returnPrizes(tx, room, prizes.slice(trace.winners.length));
  await tellCreator(tx, room, won.length, prizes.length - won.length);
  const ended = await updateGiveaway(tx, giveawayId, 'running', {
    state: 'ended',
    beaconSource: beacon.source,
    beaconSignature: beacon.signature,
    randomness: beacon.randomness,
    drawnAt: new Date(nowMs),
  });
  if (!ended) throw new AppError('INTERNAL', 'giveaway state moved under its lock');
  await nextDemoRoom(tx, room, afterCommit, deps, nowMs);
  afterCommit(() => publishGiveaway(deps, giveawayId));
  return 'drawn';
}

// ---- demo official rooms (SEED_DEMO) ----------------------------------------------------------------------

export const DEMO_ROOM_MS = 10 * 60_000;
const DEMO_PRIZES = 2;
/**
 * Names the seeded rooms' chain: sandbox-tool rooms are demo too (labelled, decision 0017) but must not
 * start a chain on a server that never seeded one.
 */
const DEMO_ROOM_TITLE = '官方福利 · 演示房间';

/** A demo official room ending in DEMO_ROOM_MS, from the shop's stock; none while one runs. */
async function openDemoRoom(tx: Tx, nowMs: number): Promise<GiveawayRow | null> {
  const running = await pageGiveaways(tx, { states: ['running'], kinds: ['official'], demo: true }, 1, 100);
  if (running.rows.some((r) => r.title === DEMO_ROOM_TITLE)) return null;
  const stock = await stockLinesInStock(tx, DEMO_PRIZES);
  if (stock.length === 0) return null;
  return insertOfficialGiveaway(tx, null, {
    title: DEMO_ROOM_TITLE,
    remark: '演示用的官方福利屋：每 10 分钟开奖一次，开奖后自动开启下一期。奖品来自商城库存。',
    openTime: new Date(nowMs + DEMO_ROOM_MS),
    stockIds: stock,
    demo: true,
  });
}

/** When a demo room closes, the next one opens in the same transaction (exactly once, as the draw). */
async function nextDemoRoom(
  tx: Tx,
  closed: GiveawayRow,
  afterCommit: TxScope['afterCommit'],
  deps: Pick<DrawDeps, 'db' | 'live'>,
  nowMs: number,
): Promise<void> {
  if (!closed.demo || closed.title !== DEMO_ROOM_TITLE) return;
  const next = await openDemoRoom(tx, nowMs);
  if (next) afterCommit(() => publishGiveaway(deps, next.id));
}

/** Boot (SEED_DEMO): a demo official room, unless one is running; its draw opens the next. */
export async function ensureDemoGiveaway(db: Db, nowMs = Date.now()): Promise<number | null> {
  return runInTransaction(db, async ({ tx }) => (await openDemoRoom(tx, nowMs))?.id ?? null);
}
