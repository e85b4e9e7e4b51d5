import {
  battleRoll,
  battleSeatsDigest,
  battleTiebreakIndex,
  buildRanges,
  localBeaconRandomness,
  oddsHash,
  pickByRoll,
  publicHash,
  targetRound,
  type RollRange,
} from '@skinfair/fairness';
import type { BattleResults, BoxDetail } from '@skinfair/contract';
import { givenBattle } from './test-battles';

/**
 * A finished battle whose every published value is really computed with @skinfair/fairness, the way the
 * server draws (so the verify page's ✓ are earned); tests tamper with one field to see a ✗.
 */
const SERVER_SEED = 'c794c6117b935b80569767706298deaac5aadd8ffd185689b5cc6cd8e6ab84c7';
const SALT = 'bb71d866166bd48b341e35d29e76afaa';
const LOCKED_AT_S = 1763830000;

interface TestBox {
  boxId: number;
  name: string;
  priceFen: number;
  items: Array<{ itemId: number; name: string; weight: number; priceFen: number }>;
}

export const testBoxes: TestBox[] = [
  {
    boxId: 3,
    name: '新手箱',
    priceFen: 1000,
    items: [
      { itemId: 5001, name: 'P250 | 沙丘', weight: 79920, priceFen: 30 },
      { itemId: 5002, name: 'AK-47 | 红线', weight: 15980, priceFen: 250 },
      { itemId: 5003, name: 'AWP | 二西莫夫', weight: 3200, priceFen: 1200 },
      { itemId: 5004, name: 'M4A4 | 咆哮', weight: 640, priceFen: 6000 },
      { itemId: 5005, name: '蝴蝶刀 | 渐变', weight: 260, priceFen: 45000 },
    ],
  },
  {
    boxId: 4,
    name: '手枪箱',
    priceFen: 550,
    items: [
      { itemId: 6001, name: 'Glock-18 | 水灵', weight: 60000, priceFen: 100 },
      { itemId: 6002, name: 'USP-S | 猎户', weight: 40000, priceFen: 900 },
    ],
  },
];

const rangesOf = (box: TestBox): RollRange[] => buildRanges(box.items.map((i) => ({ itemId: i.itemId, weight: i.weight })));

/** caseDetail of a test box, as GET /api/case/caseDetail serves it (version 1). */
export function testCaseDetail(box: TestBox): BoxDetail {
  const ranges = rangesOf(box);
  return {
    id: box.boxId,
    boxName: box.name,
    boxImage: null,
    weaponImage: null,
    openPrice: box.priceFen,
    boxType: 1,
    boxThemeId: 1,
    expectedReturn: 0,
    enabled: true,
    version: 1,
    oddsHash: oddsHash(box.boxId, 1, ranges),
    returnRateBp: 0,
    liveReturnRateBp: 0,
    gifts: box.items.map((item, i) => ({
      giftId: item.itemId,
      giftName: item.name,
      giftImage: null,
      grade: 1,
      recoveryPrice: item.priceFen,
      weight: item.weight,
      realProbability: item.weight / 100_000,
      rollCodeLow: ranges[i]!.low,
      rollCodeHigh: ranges[i]!.high,
    })),
    gradeGiftProb: [],
  };
}

export interface FinishedBattleOptions {
  mode?: number;
  lockedAtS?: number;
  /** A drand beacon (signature, randomness) instead of the local one. */
  drand?: { signature: string; randomness: string };
}

export function givenFinishedBattle({ mode = 0, lockedAtS = LOCKED_AT_S, drand }: FinishedBattleOptions = {}): BattleResults {
  const seeds = ['lucky-Panda_2025', 'bot-2'];
  const seatsDigest = battleSeatsDigest(seeds);
  const round = targetRound(lockedAtS);
  const randomness = drand ? drand.randomness : localBeaconRandomness(round);
  const input = { battleId: 7, round, randomness, seatsDigest };
  const rolls = testBoxes.flatMap((box, i) =>
    seeds.map((_, s) => {
      const code = battleRoll(SERVER_SEED, input, i + 1, s + 1).rollCode;
      const hit = pickByRoll(rangesOf(box), code);
      const item = box.items.find((x) => x.itemId === hit.itemId)!;
      return {
        round: i + 1,
        pos: s + 1,
        rollCode: code,
        rangeLow: hit.low,
        rangeHigh: hit.high,
        giftId: item.itemId,
        giftName: item.name,
        giftImage: null,
        giftGrade: 1,
        giftPrice: item.priceFen,
        voucherId: null,
      };
    }),
  );
  const totals = [1, 2].map((pos) => rolls.filter((r) => r.pos === pos).reduce((t, r) => t + r.giftPrice, 0));
  const best = mode === 1 ? Math.min(...totals) : Math.max(...totals);
  const tied = [1, 2].filter((pos) => totals[pos - 1] === best);
  const winnerPos = tied.length === 1 ? tied[0]! : tied[battleTiebreakIndex(SERVER_SEED, input, tied.length)]!;
  return {
    ...givenBattle({
      mode,
      state: 2,
      lockedAt: new Date(lockedAtS * 1000 + 250).toISOString(),
      targetRound: round,
      seatsDigest,
      beaconSource: drand ? 'drand' : 'local',
      randomness,
      beaconSignature: drand ? drand.signature : null,
      serverSeed: SERVER_SEED,
      secretSalt: SALT,
      publicHash: publicHash(SERVER_SEED, SALT),
      winnerPos,
      revealStartAt: '2025-11-22T16:46:50.000Z',
      revealedRounds: 2,
      boxList: testBoxes.map((box, i) => ({
        round: i + 1,
        boxId: box.boxId,
        boxName: box.name,
        boxImage: null,
        boxPrice: box.priceFen,
        version: 1,
        oddsHash: oddsHash(box.boxId, 1, rangesOf(box)),
      })),
      customerList: seeds.map((clientSeed, s) => ({
        pos: s + 1,
        customerId: s === 0 ? 11 : null,
        botId: s === 0 ? null : 2,
        nickname: s === 0 ? '房主' : '机器人',
        headPic: null,
        isBot: s !== 0,
        clientSeed,
      })),
    }),
    rolls,
  };
}
