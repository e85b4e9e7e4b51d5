import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call } from '../../testing/auth-helpers.js';
import { writeSetting } from '../common/index.js';
import { DEFAULT_DAILY_TOPUP_TIERS } from './daily-topup-tiers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('deposit promotions (GET /api/common/promotionList)', () => {
  it('shows a guest the first-deposit bonus, the VIP recharge perks and the daily top-up tiers', async () => {
    const res = await call(t.app, 'GET', '/api/common/promotionList');
    expect(res.status).toBe(0);
    const sys = (await call(t.app, 'GET', '/api/common/sysConfig')).data;
    expect(res.data.firstDeposit).toEqual({ bonusPercent: sys.firstDepositBonusPercent, needsRealName: true });
    expect(res.data.vipGrades.map((g: { grade: number }) => g.grade)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(res.data.vipGrades[3]).toMatchObject({ name: '铂金', expMin: 200_000, rechargeBonusBp: 100, levelReward: 3_000 });
    expect(res.data.dailyTopUp).toEqual(DEFAULT_DAILY_TOPUP_TIERS.map((x) => ({ minDeposit: x.minDepositFen, reward: x.rewardFen })));
  });

  it('follows the operator setting the deposit itself applies', async () => {
    await writeSetting(t.database.db, 'firstDepositBonusPercent', 35);
    expect((await call(t.app, 'GET', '/api/common/promotionList')).data.firstDeposit.bonusPercent).toBe(35);
    expect((await call(t.app, 'GET', '/api/recharge/rechargeConfig')).data.firstDepositBonusPercent).toBe(35);
  });
});
