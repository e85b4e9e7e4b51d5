import { BATTLE_ROUND_MS, BattleStateCode, toPage, type BattleDetail, type EventType, type Page } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import {
  boxesOf,
  boxInfos,
  botRecords,
  botsByIds,
  ensureBots,
  findBattleByCode,
  findBattleById,
  listBots,
  pageBattles,
  playersByIds,
  seatsOf,
  type BattleRow,
  type ListFilter,
} from './repo.js';
import { battleRules } from './rules.js';
import type { BattleState } from './tables.js';

export function publishBattle(
  ctx: Pick<AppContext, 'db'> & { live: LivePublisher },
  battleId: number,
  eventType: typeof EventType.BATTLE_CREATED | typeof EventType.BATTLE_STATE,
): Promise<void> {
  return battleDetail(ctx.db, battleId).then((detail) => {
    // Private rooms are not announced to everyone: their link is the way in.
    if (!detail.private) ctx.live.publish({ eventType, data: detail });
  });
}

const closed = (state: BattleState) => state === 'ended' || state === 'voided' || state === 'cancelled';

/**
 * Rounds shown so far: an ended battle reveals one round every BATTLE_ROUND_MS from its end, the same for
 * every watcher, so a late arrival joins the animation in step (issue 12). The winner and the seed show
 * once every round is out.
 */
export function revealedRounds(b: Pick<BattleRow, 'state' | 'endedAt'>, rounds: number, nowMs: number): number {
  if (b.state !== 'ended' || !b.endedAt) return 0;
  return Math.min(rounds, Math.max(0, Math.floor((nowMs - b.endedAt.getTime()) / BATTLE_ROUND_MS)) + 1);
}

export async function battleDetail(ex: Executor, battleId: number, nowMs = Date.now()): Promise<BattleDetail> {
  const battle = await findBattleById(ex, battleId);
  if (!battle) throw new AppError('BATTLE_NOT_FOUND', String(battleId));
  return (await detailsOf(ex, [battle], nowMs))[0]!;
}

export async function battleDetailByCode(ex: Executor, code: string): Promise<BattleDetail> {
  const battle = await findBattleByCode(ex, code);
  if (!battle) throw new AppError('BATTLE_NOT_FOUND', code);
  return (await detailsOf(ex, [battle]))[0]!;
}

async function detailsOf(ex: Executor, rows: BattleRow[], nowMs = Date.now()): Promise<BattleDetail[]> {
  const allOut = (b: BattleRow, rounds: number) => b.state !== 'ended' || revealedRounds(b, rounds, nowMs) >= rounds;
  const perBattle = await Promise.all(rows.map(async (b) => ({ b, boxes: await boxesOf(ex, b.id), seats: await seatsOf(ex, b.id) })));
  const boxes = await boxInfos(ex, [...new Set(perBattle.flatMap((p) => p.boxes.map((x) => x.boxId)))]);
  const players = await playersByIds(ex, [
    ...new Set(perBattle.flatMap((p) => p.seats.map((s) => s.userId).filter((u): u is number => u !== null))),
  ]);
  const bots = await botsByIds(ex, [
    ...new Set(perBattle.flatMap((p) => p.seats.map((s) => s.botId).filter((u): u is number => u !== null))),
  ]);
  return perBattle.map(({ b, boxes: bx, seats }) => ({
    id: b.id,
    battleCode: b.code,
    title: b.title,
    mode: battleRules[b.rule as keyof typeof battleRules].code,
    state: BattleStateCode[b.state],
    countCustomer: b.seats,
    customerId: b.creatorId,
    totalPrice: b.entryPriceFen,
    private: b.passwordHash !== null,
    publicHash: b.publicHash,
    lockedAt: b.lockedAt ? toIso(b.lockedAt) : null,
    targetRound: b.targetRound,
    seatsDigest: b.seatsDigest,
    beaconSource: b.beaconSource,
    randomness: b.randomness,
    // Published with the randomness (PF v1 §10), so anyone can check the BLS signature of round R.
    beaconSignature: b.beaconSignature,
    serverSeed: closed(b.state) && b.lockedAt && allOut(b, bx.length) ? b.serverSeed : null,
    secretSalt: closed(b.state) && b.lockedAt && allOut(b, bx.length) ? b.secretSalt : null,
    winnerPos: allOut(b, bx.length) ? b.winnerSeat : null,
    createTime: toIso(b.createdAt),
    revealStartAt: b.state === 'ended' && b.endedAt ? toIso(b.endedAt) : null,
    roundMs: BATTLE_ROUND_MS,
    revealedRounds: revealedRounds(b, bx.length, nowMs),
    boxList: bx.map((x) => ({
      round: x.round,
      boxId: x.boxId,
      boxName: boxes.get(x.boxId)?.name ?? '',
      boxImage: boxes.get(x.boxId)?.image ?? null,
      boxPrice: x.priceFen,
      version: x.version,
      oddsHash: x.oddsHash,
    })),
    customerList: seats.map((s) => {
      const player = s.userId !== null ? players.get(s.userId) : undefined;
      const bot = s.botId !== null ? bots.get(s.botId) : undefined;
      return {
        pos: s.seat,
        customerId: s.userId,
        botId: s.botId,
        nickname: player?.nickname ?? bot?.nickname ?? '',
        headPic: player?.avatar ?? bot?.headPic ?? null,
        isBot: s.botId !== null,
        clientSeed: s.clientSeed,
      };
    }),
  }));
}

export async function getBots(ctx: Pick<AppContext, 'db'>) {
  await ensureBots(ctx.db);
  const records = await botRecords(ctx.db);
  return (await listBots(ctx.db))
    .filter((bot) => bot.enabled)
    .map((bot) => {
      const r = records.get(bot.id) ?? { played: 0, won: 0, valueWonFen: 0, valueLostFen: 0 };
      return {
        botId: bot.id,
        nickname: bot.nickname,
        headPic: bot.headPic,
        played: r.played,
        won: r.won,
        profitFen: r.valueWonFen - r.valueLostFen,
      };
    });
}

export async function pageOfBattles(ex: Executor, filter: ListFilter, page: number, pageSize: number): Promise<Page<BattleDetail>> {
  const { rows, totalRows } = await pageBattles(ex, filter, page, pageSize);
  return toPage(await detailsOf(ex, rows), page, pageSize, totalRows);
}
