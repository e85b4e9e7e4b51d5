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

describe('VIP ladder', () => {
  it('edits the VIP ladder as a whole; the player-side grade info and the next level-up use it', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const original = (await adminCall(t.app, 'GET', `${P}/vipGrades`, {}, { adminToken: ops.token })).data;
    expect(original.map((g: { grade: number }) => g.grade)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const edited = original.map((g: Record<string, unknown>) =>
      g.grade === 1 ? { ...g, name: '白银新', expMin: 5_000, levelRewardFen: 300 } : g,
    );
    const audits = await auditCount();
    const saved = await adminCall(t.app, 'POST', `${P}/vipGrades`, { grades: edited, reason: '调整白银门槛' }, { adminToken: ops.token });
    expect(saved.status).toBe(0);
    expect(saved.data[1]).toMatchObject({ grade: 1, name: '白银新', expMin: 5_000, levelRewardFen: 300 });
    expect(await auditCount()).toBe(audits + 1);
    const [row] = (await auditRows('vip.ladder')).slice(-1);
    expect((row!.before as Array<{ expMin: number }>)[1]!.expMin).toBe(10_000);
    expect((row!.after as { grades: Array<{ expMin: number }> }).grades[1]!.expMin).toBe(5_000);

    const p = await player();
    const info = (await call(t.app, 'GET', '/api/personalCenter/getGradeInfo', {}, p.token)).data;
    expect(info.nextExp).toBe(5_000);
    expect(info.grades[1]).toMatchObject({ name: '白银新', expMin: 5_000, levelReward: 300 });
    const terms = (await call(t.app, 'GET', '/api/common/promotionList')).data;
    expect(terms.vipGrades[1]).toMatchObject({ expMin: 5_000, levelReward: 300 });
    // ¥60 now reaches grade 1, whose level-up reward is now ¥3 (credited through the ledger by the deposit).
    const orderNo = (
      await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount: 6_000 }, p.token)
    ).data.orderId as string;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/checkout/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `orderId=${orderNo}&action=pay`,
    });
    expect(paid.statusCode).toBe(302);
    expect((await call(t.app, 'GET', '/api/personalCenter/getGradeInfo', {}, p.token)).data).toMatchObject({
      grade: 1,
      gradeName: '白银新',
    });
    const rewards = (await call(t.app, 'GET', '/api/personalCenter/getMyBalanceLog', { actionType: 'vip_reward' }, p.token)).data.pageData;
    expect(rewards.map((f: { changeAmount: number }) => f.changeAmount)).toEqual([300]);
    await expectBooksBalanced(db());

    const bad: Array<[unknown, number]> = [
      [edited.map((g: Record<string, unknown>) => (g.grade === 2 ? { ...g, expMin: 5_000 } : g)), errorStatus('PARAM_INVALID')],
      [edited.map((g: Record<string, unknown>) => (g.grade === 0 ? { ...g, expMin: 1 } : g)), errorStatus('PARAM_INVALID')],
      [edited.map((g: Record<string, unknown>) => (g.grade === 3 ? { ...g, levelRewardFen: -1 } : g)), errorStatus('PARAM_INVALID')],
      [edited.map((g: Record<string, unknown>) => (g.grade === 3 ? { ...g, rebateBoostBp: 1_001 } : g)), errorStatus('PARAM_INVALID')],
      [edited.map((g: Record<string, unknown>) => (g.grade === 3 ? { ...g, rechargeBonusBp: 2_001 } : g)), errorStatus('PARAM_INVALID')],
      [edited.slice(0, 6), errorStatus('ADMIN_LADDER_GRADES')],
      [[...edited, { ...edited[6], grade: 7, expMin: 99_000_000 }], errorStatus('ADMIN_LADDER_GRADES')],
    ];
    for (const [grades, status] of bad) {
      const res = await adminCall(t.app, 'POST', `${P}/vipGrades`, { grades, reason: '错误的修改' }, { adminToken: ops.token });
      expect(res.status).toBe(status);
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const increasing = await adminCall(
      t.app,
      'POST',
      `${P}/vipGrades`,
      { grades: bad[0]![0], reason: '错误的修改' },
      { adminToken: ops.token },
    );
    expect(increasing.msg).toContain('递增');
    expect(await auditCount()).toBe(audits + 1);
    expect((await adminCall(t.app, 'GET', `${P}/vipGrades`, {}, { adminToken: ops.token })).data).toEqual(saved.data);

    // The console posts forms: the ladder also arrives as its JSON text.
    const restored = await adminCall(
      t.app,
      'POST',
      `${P}/vipGrades`,
      { grades: JSON.stringify(original), reason: '恢复原值' },
      { adminToken: ops.token },
    );
    expect(restored.data).toEqual(original);
  });
});
