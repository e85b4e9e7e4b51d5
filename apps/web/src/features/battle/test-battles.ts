import type { BattleDetail } from '@skinfair/contract';

/** A battle as the server shows it, for the battle pages' tests. */
export function givenBattle(overrides: Partial<BattleDetail> = {}): BattleDetail {
  return {
    id: 7,
    battleCode: 'bt7code01',
    title: '周末对战',
    mode: 0,
    state: 0,
    countCustomer: 2,
    customerId: 11,
    totalPrice: 1550,
    private: false,
    publicHash: 'c'.repeat(64),
    lockedAt: null,
    targetRound: null,
    seatsDigest: null,
    beaconSource: null,
    randomness: null,
    beaconSignature: null,
    serverSeed: null,
    secretSalt: null,
    winnerPos: null,
    createTime: '2026-11-25T10:00:00.000Z',
    revealStartAt: null,
    roundMs: 4000,
    revealedRounds: 0,
    boxList: [
      {
        round: 1,
        boxId: 3,
        boxName: '新手箱',
        boxImage: null,
        boxPrice: 1000,
        version: 1,
        oddsHash: 'a'.repeat(64),
      },
      {
        round: 2,
        boxId: 4,
        boxName: '手枪箱',
        boxImage: null,
        boxPrice: 550,
        version: 1,
        oddsHash: 'b'.repeat(64),
      },
    ],
    customerList: [
      {
        pos: 1,
        customerId: 11,
        botId: null,
        nickname: '房主',
        headPic: null,
        isBot: false,
        clientSeed: 's1',
      },
    ],
    ...overrides,
  };
}

export const pageOf = (items: BattleDetail[], page = 1, totalPages = 1) => ({
  pageData: items,
  page,
  pageSize: 10,
  totalRows: items.length,
  totalPages,
});
