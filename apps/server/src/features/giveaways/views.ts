import {
  GiveawayRoomType,
  GiveawayState,
  toPage,
  type GiveawayEntry,
  type GiveawayPrize,
  type GiveawayRoom,
  type GiveawayWinner,
  type Page,
} from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { itemsByIds, type ItemRow } from '../catalog/index.js';
import {
  entriesOf,
  findGiveaway,
  joinedAmong,
  pageGiveaways,
  peopleByIds,
  playerStanding,
  prizesOf,
  type GiveawayRow,
  type ListFilter,
  type PersonRow,
  type PlayerStanding,
  type PrizeRow,
} from './repo.js';
import type { GiveawayKind, GiveawayRowState } from './tables.js';

const stateCode: Record<GiveawayRowState, number> = {
  running: GiveawayState.running,
  ended: GiveawayState.ended,
  cancelled: GiveawayState.cancelled,
};
const kindCode: Record<GiveawayKind, number> = {
  official: GiveawayRoomType.official,
  streamer: GiveawayRoomType.streamer,
  own: GiveawayRoomType.own,
};
/** The house, as an official room's creator. */
const HOUSE = { id: 0, nickname: '官方福利', headPic: null };

/** The conditions a player meets now (the password aside: it is checked when they try it). */
export function eligibilityOf(room: GiveawayRow, s: PlayerStanding) {
  return {
    account: s.status === 'active' && !s.minor && s.verified,
    vip: s.vipGrade >= room.minVipGrade,
    deposit: room.minDepositFen === 0 || s.depositFen >= room.minDepositFen,
    promotion: room.promotionUserId === null || s.inviterId === room.promotionUserId,
    depositSoFar: s.depositFen,
  };
}

export const standingFor = (ex: Executor, room: GiveawayRow, userId: number) =>
  playerStanding(ex, userId, { start: room.depositStart, end: room.depositEnd });

/** 玩***88: enough to find one's own entry, not enough to identify a stranger. */
export function maskNickname(nickname: string): string {
  const chars = [...nickname];
  if (chars.length <= 1) return `${chars[0] ?? ''}***`;
  if (chars.length <= 3) return `${chars[0]}***`;
  return `${chars[0]}***${chars.slice(-2).join('')}`;
}

const personOf = (p: PersonRow | undefined, id: number, mask: boolean) => ({
  id,
  nickname: p ? (mask ? maskNickname(p.nickname) : p.nickname) : '',
  headPic: p?.avatar ?? null,
});

function prizeView(p: PrizeRow, items: Map<number, ItemRow>, people: Map<number, PersonRow>): GiveawayPrize {
  const item = items.get(p.itemId);
  return {
    id: p.id,
    position: p.position,
    giftId: p.itemId,
    giftName: item?.name ?? '',
    giftImage: item?.image ?? null,
    grade: item?.grade ?? 0,
    recoveryPrice: p.valueFen,
    winnerInfo: p.winnerUserId === null ? null : personOf(people.get(p.winnerUserId), p.winnerUserId, true),
    winnerEntryNo: p.winnerEntryNo,
  };
}

interface Viewer {
  userId: number | null;
  /** Whether to compute the viewer's eligibility (the detail does; lists do not). */
  eligibility: boolean;
}

async function roomViews(ex: Executor, rows: GiveawayRow[], viewer: Viewer, nowMs = Date.now()): Promise<GiveawayRoom[]> {
  const ids = rows.map((r) => r.id);
  const prizes = await prizesOf(ex, ids);
  const items = new Map((await itemsByIds(ex, [...new Set(prizes.map((p) => p.itemId))])).map((i) => [i.id, i]));
  const people = await peopleByIds(ex, [
    ...new Set([
      ...rows.flatMap((r) => [r.creatorId, r.promotionUserId]).filter((u): u is number => u !== null),
      ...prizes.map((p) => p.winnerUserId).filter((u): u is number => u !== null),
    ]),
  ]);
  const joined = viewer.userId === null ? new Set<number>() : await joinedAmong(ex, viewer.userId, ids);
  const byRoom = new Map<number, PrizeRow[]>();
  for (const p of prizes) byRoom.set(p.giveawayId, [...(byRoom.get(p.giveawayId) ?? []), p]);
  return Promise.all(
    rows.map(async (r) => {
      const own = byRoom.get(r.id) ?? [];
      const drawn = r.state === 'ended';
      const standing = viewer.userId !== null && viewer.eligibility ? await standingFor(ex, r, viewer.userId) : null;
      return {
        id: r.id,
        title: r.title,
        remark: r.remark,
        banner: r.banner,
        roomType: kindCode[r.kind],
        state: stateCode[r.state],
        creator: r.creatorId === null ? HOUSE : personOf(people.get(r.creatorId), r.creatorId, false),
        createTime: toIso(r.createdAt),
        openTime: toIso(r.openTime),
        leftTime: r.state === 'running' ? Math.max(0, r.openTime.getTime() - nowMs) : 0,
        poolValue: own.reduce((sum, p) => sum + p.valueFen, 0),
        giftCount: own.length,
        userCount: r.entrySeq,
        joinFlag: joined.has(r.id),
        pwdFlag: r.passwordHash !== null,
        demo: r.demo,
        conditions: {
          password: r.passwordHash !== null,
          minDeposit: r.minDepositFen,
          depositStart: r.depositStart ? toIso(r.depositStart) : null,
          depositEnd: r.depositEnd ? toIso(r.depositEnd) : null,
          promotionCode: r.promotionUserId === null ? null : (people.get(r.promotionUserId)?.invitationCode ?? ''),
          minVipGrade: r.minVipGrade,
        },
        eligibility: standing ? eligibilityOf(r, standing) : null,
        publicHash: r.publicHash,
        targetRound: r.targetRound,
        entriesHash: r.entriesHash,
        entryCount: r.entryCount,
        beaconSource: r.beaconSource,
        beaconSignature: r.beaconSignature,
        randomness: r.randomness,
        // PF v1 §8: revealed only after the draw (a cancelled room never drew: its seed stays hidden).
        serverSeed: drawn ? r.serverSeed : null,
        secretSalt: drawn ? r.secretSalt : null,
        drawTime: drawn && r.drawnAt ? toIso(r.drawnAt) : null,
        giftVos: own.map((p) => prizeView(p, items, people)),
      };
    }),
  );
}

export async function giveawayView(ex: Executor, giveawayId: number, userId: number | null): Promise<GiveawayRoom> {
  const room = await findGiveaway(ex, giveawayId);
  if (!room) throw new AppError('GIVEAWAY_NOT_FOUND', String(giveawayId));
  return (await roomViews(ex, [room], { userId, eligibility: userId !== null }))[0]!;
}

const LIST_STATES: GiveawayRowState[] = ['running', 'ended'];
const statesOf = (code: number): GiveawayRowState[] =>
  code === -1
    ? LIST_STATES
    : (Object.entries(stateCode) as Array<[GiveawayRowState, number]>).filter(([, c]) => c === code).map(([s]) => s);

/** page: type 0 the rooms I joined, 1 official, 2 streamer and own; state -1 running and ended. */
export async function pageOfGiveaways(
  ex: Executor,
  userId: number | null,
  params: { type: number; state: number; page: number; pageSize: number },
): Promise<Page<GiveawayRoom>> {
  const states = statesOf(params.state);
  if (states.length === 0) return toPage([], params.page, params.pageSize, 0);
  let filter: ListFilter;
  if (params.type === 0) {
    if (userId === null) throw new AppError('NOT_LOGGED_IN');
    filter = { states, joinedBy: userId };
  } else filter = { states, kinds: params.type === 1 ? ['official'] : ['streamer', 'own'] };
  const { rows, totalRows } = await pageGiveaways(ex, filter, params.page, params.pageSize);
  return toPage(await roomViews(ex, rows, { userId, eligibility: false }), params.page, params.pageSize, totalRows);
}

/** listHostGiveaway (home page): the running rooms drawing soonest, official ones first. */
export async function hostGiveaways(ex: Executor, userId: number | null, size = 6): Promise<GiveawayRoom[]> {
  const official = await pageGiveaways(ex, { states: ['running'], kinds: ['official'] }, 1, size);
  const rest =
    official.rows.length < size
      ? await pageGiveaways(ex, { states: ['running'], kinds: ['streamer', 'own'] }, 1, size - official.rows.length)
      : { rows: [] };
  return roomViews(ex, [...official.rows, ...rest.rows], { userId, eligibility: false });
}

export async function prizeList(ex: Executor, giveawayId: number): Promise<GiveawayPrize[]> {
  return (await giveawayView(ex, giveawayId, null)).giftVos;
}

/**
 * partakeList: every entry in join order, masked nicknames. The user ids come out with the draw (PF v1 §8:
 * then anyone recomputes entriesHash from "{entryNo}:{userId}"); before it the list names nobody by id
 * (issue 24 §14), and the viewer finds their own entry by `mine`.
 */
export async function entryList(ex: Executor, giveawayId: number, viewerId: number | null = null): Promise<GiveawayEntry[]> {
  const room = await findGiveaway(ex, giveawayId);
  if (!room) throw new AppError('GIVEAWAY_NOT_FOUND', String(giveawayId));
  const drawn = room.state === 'ended';
  const entries = await entriesOf(ex, giveawayId);
  const people = await peopleByIds(ex, [...new Set(entries.map((e) => e.userId))]);
  return entries.map((e) => {
    const p = people.get(e.userId);
    return {
      entryNo: e.entryNo,
      userId: drawn ? e.userId : null,
      mine: e.userId === viewerId,
      nickname: maskNickname(p?.nickname ?? ''),
      headPic: p?.avatar ?? null,
      createTime: toIso(e.createdAt),
    };
  });
}

/** winnerList: each winner once, with their entry number and the prizes they won, in prize order. */
export async function winnerList(ex: Executor, giveawayId: number): Promise<GiveawayWinner[]> {
  const room = await giveawayView(ex, giveawayId, null);
  const winners = new Map<number, GiveawayWinner>();
  for (const prize of room.giftVos) {
    if (!prize.winnerInfo || prize.winnerEntryNo === null) continue;
    const w = winners.get(prize.winnerInfo.id) ?? { ...prize.winnerInfo, entryNo: prize.winnerEntryNo, giftVos: [] };
    w.giftVos.push(prize);
    winners.set(prize.winnerInfo.id, w);
  }
  return [...winners.values()];
}
