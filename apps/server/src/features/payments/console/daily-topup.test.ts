import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { promotionsConsole } from '../../../testing/promotions-console.js';
import { DEFAULT_DAILY_TOPUP_TIERS } from '../daily-topup-tiers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { db, P, player, auditCount, auditRows } = promotionsConsole(() => t);

async function deposit(token: string, amount: number) {
  const orderNo = (await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount }, token))
    .data.orderId as string;
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/checkout/complete',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `orderId=${orderNo}&action=pay`,
  });
  expect(paid.statusCode).toBe(302);
}

describe('daily top-up tiers in the console (issue 27 §5)', () => {
  it('refuses tiers out of order or bounds, and a role without promotions.write', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const content = await givenOperator(t.app, db(), 'content');
    const save = (tiers: unknown, token = ops.token) =>
      adminCall(t.app, 'POST', `${P}/dailyTopUp`, { tiers: JSON.stringify(tiers), reason: '调整档位' }, { adminToken: token });
    const audits = await auditCount();
    const bad: unknown[] = [
      [],
      [
        { minDepositFen: 10_000, rewardFen: 200 },
        { minDepositFen: 10_000, rewardFen: 300 },
      ],
      [
        { minDepositFen: 50_000, rewardFen: 200 },
        { minDepositFen: 10_000, rewardFen: 300 },
      ],
      [
        { minDepositFen: 10_000, rewardFen: 500 },
        { minDepositFen: 50_000, rewardFen: 400 },
      ],
      [{ minDepositFen: 10_000, rewardFen: 1_001 }],
      [{ minDepositFen: 10_000, rewardFen: 0 }],
      [{ minDepositFen: 99, rewardFen: 1 }],
      [{ minDepositFen: 10_000, rewardFen: -1 }],
      [{ minDepositFen: 10_000.5, rewardFen: 2 }],
      [{ minDepositFen: 10_000, rewardFen: 2, extra: 1 }],
      Array.from({ length: 11 }, (_, i) => ({ minDepositFen: 10_000 * (i + 1), rewardFen: 10 * (i + 1) })),
    ];
    for (const tiers of bad) expect((await save(tiers)).status, JSON.stringify(tiers)).toBe(errorStatus('PARAM_INVALID'));
    expect((await adminCall(t.app, 'GET', `${P}/dailyTopUp`, {}, { adminToken: content.token })).data).toEqual(DEFAULT_DAILY_TOPUP_TIERS);
    expect((await save([{ minDepositFen: 10_000, rewardFen: 300 }], content.token)).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect(await auditCount()).toBe(audits);
  });

  it('the player’s status, the claim and the promotions page use the saved tiers at once', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const tiers = [
      { minDepositFen: 1_000, rewardFen: 50 },
      { minDepositFen: 5_000, rewardFen: 300 },
      { minDepositFen: 100_000, rewardFen: 8_800 },
    ];
    const saved = await adminCall(
      t.app,
      'POST',
      `${P}/dailyTopUp`,
      { tiers: JSON.stringify(tiers), reason: '周末活动' },
      { adminToken: ops.token },
    );
    expect(saved.data).toEqual(tiers);
    const [row] = (await auditRows('dailyTopUp.tiers')).slice(-1);
    expect(row).toMatchObject({ before: { tiers: DEFAULT_DAILY_TOPUP_TIERS }, after: { tiers, reason: '周末活动' } });

    const p = await player();
    await deposit(p.token, 5_000);
    expect((await call(t.app, 'GET', '/api/activity/dailyTopUp', {}, p.token)).data).toMatchObject({
      todayDeposit: 5_000,
      tiers,
      reward: 300,
      claimable: true,
    });
    expect((await call(t.app, 'POST', '/api/activity/dailyTopUp/claim', {}, p.token)).data.reward).toBe(300);
    expect((await call(t.app, 'GET', '/api/common/promotionList')).data.dailyTopUp).toEqual(
      tiers.map((x) => ({ minDeposit: x.minDepositFen, reward: x.rewardFen })),
    );
    await expectBooksBalanced(db());
  });
});
