import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { promotionsConsole } from '../../../testing/promotions-console.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { db, P, player, auditCount, auditRows } = promotionsConsole(() => t);

describe('promotion levels and the first-deposit rate', () => {
  it('edits the promotion levels as a whole; the promoter sees the new rebate rate', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const original = (await adminCall(t.app, 'GET', `${P}/levels`, {}, { adminToken: ops.token })).data;
    expect(original[0]).toMatchObject({ level: 1, expMin: 0 });
    const edited = original.map((l: Record<string, unknown>) => (l.level === 1 ? { ...l, rebateBp: 150 } : l));
    const audits = await auditCount();
    expect((await adminCall(t.app, 'POST', `${P}/levels`, { levels: edited, reason: '提高返利' }, { adminToken: ops.token })).status).toBe(
      0,
    );
    expect(await auditCount()).toBe(audits + 1);
    const [row] = (await auditRows('promotion.levels')).slice(-1);
    expect((row!.before as Array<{ rebateBp: number }>)[0]!.rebateBp).toBe(100);
    expect((row!.after as { levels: Array<{ rebateBp: number }> }).levels[0]!.rebateBp).toBe(150);
    const p = await player();
    expect((await call(t.app, 'GET', '/api/promotion/getPromotionInfo', {}, p.token)).data).toMatchObject({
      promotionGrade: 1,
      rebateRate: 150,
    });

    for (const levels of [
      edited.map((l: Record<string, unknown>) => (l.level === 3 ? { ...l, expMin: 1 } : l)),
      edited.map((l: Record<string, unknown>) => (l.level === 2 ? { ...l, rebateBp: 3_001 } : l)),
      edited.map((l: Record<string, unknown>) => (l.level === 2 ? { ...l, name: '' } : l)),
    ]) {
      const res = await adminCall(t.app, 'POST', `${P}/levels`, { levels, reason: '错误的修改' }, { adminToken: ops.token });
      expect(res.status).toBe(errorStatus('PARAM_INVALID'));
    }
    expect(
      (
        await adminCall(
          t.app,
          'POST',
          `${P}/levels`,
          { levels: edited.slice(1).map((l: { level: number }) => ({ ...l, level: l.level - 1 })), reason: '错误的修改' },
          { adminToken: ops.token },
        )
      ).status,
    ).not.toBe(0);
    expect(await auditCount()).toBe(audits + 1);
    expect(
      (await adminCall(t.app, 'POST', `${P}/levels`, { levels: original, reason: '恢复原值' }, { adminToken: ops.token })).status,
    ).toBe(0);
  });

  it('sets the first-deposit bonus within 0–100 %; an order earns the rate in force when it was made', async () => {
    const admin = await givenOperator(t.app, db(), 'admin');
    const set = (bonusPercent: unknown) =>
      adminCall(t.app, 'POST', `${P}/firstDeposit`, { bonusPercent, reason: '双十一活动' }, { adminToken: admin.token });
    const audits = await auditCount();
    for (const bad of [101, -1, 12.5, 'abc']) expect((await set(bad)).status, String(bad)).toBe(errorStatus('PARAM_INVALID'));
    expect(await auditCount()).toBe(audits);

    // An order made at 20 % and paid after the change to 50 % earns the 20 % the player was shown.
    const early = await player();
    const earlyOrder = (
      await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount: 1_000 }, early.token)
    ).data.orderId as string;
    expect((await set(50)).data).toEqual({ bonusPercent: 50 });
    expect(await auditCount()).toBe(audits + 1);
    const [row] = (await auditRows('firstDeposit.rate')).slice(-1);
    expect(row!.before).toEqual({ bonusPercent: 20 });
    expect(row!.after).toEqual({ bonusPercent: 50, reason: '双十一活动' });
    expect((await call(t.app, 'GET', '/api/recharge/rechargeConfig')).data.firstDepositBonusPercent).toBe(50);
    expect((await call(t.app, 'GET', '/api/common/promotionList')).data.firstDeposit.bonusPercent).toBe(50);

    const pay = async (orderNo: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/checkout/complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `orderId=${orderNo}&action=pay`,
      });
      expect(res.statusCode).toBe(302);
    };
    await pay(earlyOrder);
    expect((await call(t.app, 'GET', '/api/recharge/paymentState', { orderId: earlyOrder }, early.token)).data).toMatchObject({
      creditAmount: 1_000,
      bonusAmount: 200,
    });
    const late = await player();
    const lateOrder = (
      await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount: 2_000 }, late.token)
    ).data.orderId as string;
    await pay(lateOrder);
    expect((await call(t.app, 'GET', '/api/recharge/paymentState', { orderId: lateOrder }, late.token)).data).toMatchObject({
      creditAmount: 2_000,
      bonusAmount: 1_000,
    });

    const pending = await player();
    const pendingOrder = (
      await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount: 1_000 }, pending.token)
    ).data.orderId as string;
    expect((await set(0)).data).toEqual({ bonusPercent: 0 });
    await pay(pendingOrder);
    expect((await call(t.app, 'GET', '/api/recharge/paymentState', { orderId: pendingOrder }, pending.token)).data).toMatchObject({
      bonusAmount: 500,
    });
    const none = await player();
    const noneOrder = (
      await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount: 1_000 }, none.token)
    ).data.orderId as string;
    await pay(noneOrder);
    expect((await call(t.app, 'GET', '/api/recharge/paymentState', { orderId: noneOrder }, none.token)).data).toMatchObject({
      bonusAmount: 0,
    });
    expect((await set(20)).status).toBe(0);
    await expectBooksBalanced(db());
  });
});
