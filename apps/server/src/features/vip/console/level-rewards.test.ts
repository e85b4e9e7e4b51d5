import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus, vipGradeBounds } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { deposit } from '../../../testing/payment-helpers.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { promotionsConsole } from '../../../testing/promotions-console.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { db, P, player, auditCount, auditRows } = promotionsConsole(() => t);

describe('VIP level-up points and red packets in the console (issue 27 §5)', () => {
  it('keeps the seeded points and red packets, refuses them out of bounds, and a level-up grants the saved ones', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const original = (await adminCall(t.app, 'GET', `${P}/vipGrades`, {}, { adminToken: ops.token })).data;
    expect(original.map((g: { levelPointsFen: number }) => g.levelPointsFen)).toEqual([0, 500, 1_000, 3_000, 10_000, 30_000, 100_000]);
    expect(original.map((g: { redPacketFen: number }) => g.redPacketFen)).toEqual([0, 0, 376, 564, 752, 940, 1_128]);
    const save = (grades: unknown) =>
      adminCall(t.app, 'POST', `${P}/vipGrades`, { grades, reason: '调整升级奖励' }, { adminToken: ops.token });
    const withGrade1 = (patch: Record<string, unknown>) =>
      original.map((g: Record<string, unknown>) => (g.grade === 1 ? { ...g, ...patch } : g));

    const audits = await auditCount();
    for (const patch of [
      { levelPointsFen: -1 },
      { levelPointsFen: vipGradeBounds.levelPointsFenMax + 1 },
      { redPacketFen: vipGradeBounds.redPacketFenMax + 1 },
      { redPacketFen: 1.5 },
    ])
      expect((await save(withGrade1(patch))).status, JSON.stringify(patch)).toBe(errorStatus('PARAM_INVALID'));
    expect(await auditCount()).toBe(audits);

    const saved = await save(withGrade1({ levelRewardFen: 0, levelPointsFen: 700, redPacketFen: 150, freeBoxes: 0 }));
    expect(saved.data[1]).toMatchObject({ levelPointsFen: 700, redPacketFen: 150 });
    const [row] = (await auditRows('vip.ladder')).slice(-1);
    expect((row!.after as { grades: Array<{ redPacketFen: number }> }).grades[1]!.redPacketFen).toBe(150);

    const p = await player();
    expect((await call(t.app, 'GET', '/api/personalCenter/getGradeInfo', {}, p.token)).data.grades[1].levelPoints).toBe(700);
    await deposit(t, p.token, 10_000); // ¥100 reaches grade 1
    const user = (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data;
    expect(user.grade).toBe(1);
    expect(user.integral).toBe(700);
    const packets = (await call(t.app, 'GET', '/api/personalCenter/getMyRewardPage', {}, p.token)).data.pageData;
    expect(packets.map((v: { voucherName: string; amount: number }) => [v.voucherName, v.amount])).toContainEqual(['VIP1 升级红包', 150]);
    expect((await save(original)).status).toBe(0);
    await expectBooksBalanced(db());
  });
});
