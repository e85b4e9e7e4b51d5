import { giveawayDraw, giveawayEntriesHash, localBeaconRandomness, publicHash, roundAt } from '@skinfair/fairness';
import type { GiveawayEntry, GiveawayPrize, GiveawayRoom, GiveawayWinner } from '@skinfair/contract';

/** Test rooms and a drawn room whose published values are really computed with @skinfair/fairness. */
export function givenPrize(position: number, overrides: Partial<GiveawayPrize> = {}): GiveawayPrize {
  return {
    id: 100 + position,
    position,
    giftId: 5000 + position,
    giftName: `AK-47 | 红线 ${position}`,
    giftImage: null,
    grade: 2,
    recoveryPrice: 1000 * (position + 1),
    winnerInfo: null,
    winnerEntryNo: null,
    ...overrides,
  };
}

const OPEN_AT = '2030-01-01T12:00:00.000Z';

export function givenRoom(overrides: Partial<GiveawayRoom> = {}): GiveawayRoom {
  return {
    id: 7,
    title: '新年福利',
    remark: '祝大家好运',
    banner: null,
    roomType: 1,
    state: 1,
    creator: { id: 1, nickname: '官方', headPic: null },
    createTime: '2029-12-31T12:00:00.000Z',
    openTime: OPEN_AT,
    leftTime: 3_600_000,
    poolValue: 3000,
    giftCount: 2,
    userCount: 3,
    joinFlag: false,
    pwdFlag: false,
    demo: false,
    conditions: {
      password: false,
      minDeposit: 0,
      depositStart: null,
      depositEnd: null,
      promotionCode: null,
      minVipGrade: 0,
    },
    eligibility: null,
    publicHash: 'a'.repeat(64),
    targetRound: roundAt(Date.parse(OPEN_AT) / 1000) + 3,
    entriesHash: null,
    entryCount: null,
    beaconSource: null,
    beaconSignature: null,
    randomness: null,
    serverSeed: null,
    secretSalt: null,
    drawTime: null,
    giftVos: [givenPrize(0), givenPrize(1)],
    ...overrides,
  };
}

export const pageOf = (items: GiveawayRoom[], page = 1, totalPages = 1) => ({
  pageData: items,
  page,
  pageSize: 12,
  totalRows: items.length,
  totalPages,
});

/** Entries as the list shows them once drawn: with their user ids (PF v1 §8). */
export function givenEntries(count: number): Array<GiveawayEntry & { userId: number }> {
  return Array.from({ length: count }, (_, k) => ({
    entryNo: k + 1,
    userId: 200 + k * 3,
    mine: false,
    nickname: `玩***${k + 1}`,
    headPic: null,
    createTime: '2029-12-31T13:00:00.000Z',
  }));
}

const SERVER_SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
const SALT = 'bb71d866166bd48b341e35d29e76afaa';

/** A drawn room of `n` entries and 3 prizes, drawn with the local beacon the way the server draws. */
export function givenDrawnRoom(n = 6): {
  room: GiveawayRoom;
  entries: Array<GiveawayEntry & { userId: number }>;
  winners: GiveawayWinner[];
} {
  const entries = givenEntries(n);
  const base = givenRoom({ state: 2, leftTime: 0, userCount: n, giftCount: 3 });
  const entriesHash = giveawayEntriesHash(entries);
  const randomness = localBeaconRandomness(base.targetRound);
  const prizes = [givenPrize(0), givenPrize(1), givenPrize(2)];
  const trace = giveawayDraw(SERVER_SEED, { giveawayId: base.id, round: base.targetRound, randomness, entriesHash }, n, prizes.length);
  const won = prizes.map((p, k) => {
    const entryNo = trace.winners[k];
    const entry = entries.find((e) => e.entryNo === entryNo);
    return entry ? { ...p, winnerEntryNo: entry.entryNo, winnerInfo: { id: entry.userId, nickname: entry.nickname, headPic: null } } : p;
  });
  const room: GiveawayRoom = {
    ...base,
    publicHash: publicHash(SERVER_SEED, SALT),
    entriesHash,
    entryCount: n,
    beaconSource: 'local',
    randomness,
    serverSeed: SERVER_SEED,
    secretSalt: SALT,
    drawTime: '2030-01-01T12:00:10.000Z',
    poolValue: prizes.reduce((s, p) => s + p.recoveryPrice, 0),
    giftVos: won,
  };
  const winners: GiveawayWinner[] = won
    .filter((p) => p.winnerInfo !== null)
    .map((p) => ({ ...p.winnerInfo!, entryNo: p.winnerEntryNo!, giftVos: [p] }));
  return { room, entries, winners };
}
