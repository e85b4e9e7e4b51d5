import type { DreamConfig, DreamRecord, DreamResult, DreamStakeItem, DreamTarget, MyDreamLog, UserInfo } from '@skinfair/contract';
import { userInfoFixture } from '../../test/fake-server';

/** Test data for the dream feature; prices follow PF v1 TV5 (T = 123.45, RTP 95 %). */
export const dreamConfigFixture: DreamConfig = {
  minProbability: 5_000,
  maxProbability: 75_000,
  returnRateBp: 9_500,
  maxStakeItems: 2,
  minTargetPrice: 100,
  maxTargetPrice: 10_000_000,
};

export const givenTarget = (over: Partial<DreamTarget> = {}): DreamTarget => ({
  id: 41,
  giftName: 'AWP | 二西莫夫',
  giftImage: null,
  grade: 1,
  exterior: 'FT',
  type: 'sniper',
  recoveryPrice: 12_345,
  available: true,
  ...over,
});

export const givenStakeItem = (id: number, recoveryPrice: number, over: Partial<DreamStakeItem> = {}): DreamStakeItem => ({
  id,
  giftId: id + 1000,
  giftName: `背包饰品 ${id}`,
  giftImage: null,
  grade: 3,
  recoveryPrice,
  ...over,
});

export const page = <T>(rows: T[], pageNo = 1, totalPages = 1) => ({
  pageData: rows,
  page: pageNo,
  pageSize: 12,
  totalRows: rows.length,
  totalPages,
});

export const givenUser = (balance: number, integral = 0): UserInfo =>
  userInfoFixture({ id: 7, nickname: '玩家七', balance, integral, createTime: '2026-01-01T00:00:00.000Z' });

/** TV5 nonce 3: P 25 %, fee 32.49, roll 64289: a loss. */
export const givenResult = (over: Partial<DreamResult> = {}): DreamResult => ({
  id: 501,
  won: false,
  probability: 25_000,
  rollCode: 64_289,
  rollCodeLow: 1,
  rollCodeHigh: 25_000,
  dreamFee: 3_249,
  coinsPaid: 2_249,
  itemsValue: 1_000,
  publicHash: 'ab'.repeat(32),
  clientSeed: 'lucky-Panda_2025',
  nonce: 3,
  verifyId: 77,
  giftId: 41,
  giftName: 'AWP | 二西莫夫',
  giftImage: null,
  grade: 1,
  recoveryPrice: 12_345,
  voucherId: null,
  balance: 97_751,
  integral: 0,
  ...over,
});

export const givenRecord = (id: number, over: Partial<DreamRecord> = {}): DreamRecord => ({
  id,
  customerId: 9,
  nickname: `追梦人${id}`,
  headPic: null,
  state: 1,
  probability: 50_000,
  rollCode: 12_000,
  rollCodeLow: 1,
  rollCodeHigh: 50_000,
  dreamFee: 6_498,
  winVoucherName: `M4A4 | 咆哮 #${id}`,
  winVoucherImg: null,
  winRecoveryPrice: 12_345,
  grade: 0,
  shareId: `share-${id}`,
  createTime: '2026-11-20T04:00:00.000Z',
  ...over,
});

export const givenLog = (id: number, over: Partial<MyDreamLog> = {}): MyDreamLog => ({
  id,
  createTime: '2026-11-21T00:30:00.000Z',
  dreamFee: 3_249,
  coinsPaid: 3_249,
  itemsValue: 0,
  state: 2,
  stateDesc: '失败',
  probability: 25_000,
  rollCode: 64_289,
  rollCodeLow: 1,
  rollCodeHigh: 25_000,
  publicHash: 'cd'.repeat(32),
  verifyId: 300 + id,
  winVoucherName: 'AWP | 二西莫夫',
  winVoucherImg: null,
  winRecoveryPrice: 12_345,
  ...over,
});
