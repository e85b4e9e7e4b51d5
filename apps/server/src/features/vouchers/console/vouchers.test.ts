import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { usingPostgres } from '../../../testing/test-db.js';
import { promotionsConsole } from '../../../testing/promotions-console.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { db, P, player, balance, auditCount, auditRows } = promotionsConsole(() => t);

describe('red packets and coupons', () => {
  it('issues a red packet the player opens into coins through the ledger; a revoked one cannot be opened', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const p = await player();
    const before = await auditCount();
    const issued = await adminCall(
      t.app,
      'POST',
      `${P}/redPackets/issue`,
      { userId: p.userId, name: '补偿红包', rewardFen: 500, days: 3, reason: '活动补偿' },
      { adminToken: ops.token },
    );
    expect(issued.data).toMatchObject({ userId: p.userId, voucherType: 0, name: '补偿红包', rewardFen: 500, state: 0, source: 'operator' });
    expect(await auditCount()).toBe(before + 1);
    const [row] = (await auditRows('redPacket.issue')).filter((r) => r.target_id === String(issued.data.id));
    expect(row!.after).toMatchObject({ userId: p.userId, rewardFen: 500, reason: '活动补偿' });
    const second = (
      await adminCall(
        t.app,
        'POST',
        `${P}/redPackets/issue`,
        { userId: p.userId, name: '第二个', rewardFen: 300, days: 3, reason: '活动补偿' },
        { adminToken: ops.token },
      )
    ).data;

    const rewards = (await call(t.app, 'GET', '/api/personalCenter/getMyRewardPage', { stat: 0 }, p.token)).data.pageData;
    expect(rewards.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([issued.data.id, second.id]));
    const listed = (
      await adminCall(t.app, 'GET', `${P}/vouchers`, { voucherType: 0, userId: p.userId, source: 'operator' }, { adminToken: ops.token })
    ).data;
    expect(listed.totalRows).toBe(2);

    const revoked = await adminCall(
      t.app,
      'POST',
      `${P}/redPackets/revoke`,
      { id: second.id, reason: '发错了' },
      { adminToken: ops.token },
    );
    expect(revoked.data).toMatchObject({ id: second.id, state: 2 });
    expect(await auditCount()).toBe(before + 3);
    expect(
      (await adminCall(t.app, 'POST', `${P}/redPackets/revoke`, { id: second.id, reason: '发错了' }, { adminToken: ops.token })).status,
    ).toBe(errorStatus('ADMIN_VOUCHER_NOT_FOUND'));
    const open = (ids: number[]) => call(t.app, 'POST', '/api/personalCenter/useRewardVoucher', { rewardVoucherIds: ids }, p.token);
    expect((await open([second.id])).status).toBe(errorStatus('VOUCHER_UNAVAILABLE'));
    const expired = (await call(t.app, 'GET', '/api/personalCenter/getMyRewardPage', { stat: 2 }, p.token)).data.pageData;
    expect(expired.map((r: { id: number; state: number }) => [r.id, r.state])).toEqual([[second.id, 2]]);
    expect(
      (await adminCall(t.app, 'GET', `${P}/vouchers`, { voucherType: 0, userId: p.userId, state: 2 }, { adminToken: ops.token })).data
        .totalRows,
    ).toBe(1);
    expect((await open([issued.data.id])).data).toMatchObject({ quantity: 1, amount: 500 });
    expect(await balance(p.token)).toBe(500);
    expect(
      (await adminCall(t.app, 'GET', `${P}/vouchers`, { voucherType: 0, userId: p.userId, state: 1 }, { adminToken: ops.token })).data
        .totalRows,
    ).toBe(1);
    await expectBooksBalanced(db());
  });

  it('issues a coupon the player can use at checkout and revokes one; bad input writes nothing', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const p = await player();
    const issued = (
      await adminCall(
        t.app,
        'POST',
        `${P}/coupons/issue`,
        { userId: p.userId, name: '开箱95折', couponType: 1, discountBp: 500, maxDiscountFen: 5_000, days: 7, reason: '客服补偿' },
        { adminToken: ops.token },
      )
    ).data;
    expect(issued).toMatchObject({ voucherType: 1, couponType: 1, discountBp: 500, minSpendFen: 0, maxDiscountFen: 5_000, state: 0 });
    const usable = async () =>
      (await call(t.app, 'GET', '/api/personalCenter/getMyCoupons', { couponType: 1 }, p.token)).data as Array<{ id: number }>;
    expect((await usable()).map((c) => c.id)).toEqual([issued.id]);
    // A red packet id is not a coupon: revoking it as one is refused.
    const packet = (
      await adminCall(
        t.app,
        'POST',
        `${P}/redPackets/issue`,
        { userId: p.userId, name: '红包', rewardFen: 100, days: 1, reason: '测试原因' },
        { adminToken: ops.token },
      )
    ).data;
    expect(
      (await adminCall(t.app, 'POST', `${P}/coupons/revoke`, { id: packet.id, reason: '测试原因' }, { adminToken: ops.token })).status,
    ).toBe(errorStatus('ADMIN_VOUCHER_NOT_FOUND'));
    expect(
      (await adminCall(t.app, 'POST', `${P}/coupons/revoke`, { id: issued.id, reason: '客服撤回' }, { adminToken: ops.token })).data.state,
    ).toBe(2);
    expect(await usable()).toEqual([]);

    const audits = await auditCount();
    const bad: Array<[string, Record<string, unknown>, number]> = [
      [
        'coupons/issue',
        { userId: p.userId, name: '券', couponType: 3, discountBp: 500, maxDiscountFen: 100, days: 7, reason: '原因原因' },
        errorStatus('PARAM_INVALID'),
      ],
      [
        'coupons/issue',
        { userId: p.userId, name: '券', couponType: 1, discountBp: 0, maxDiscountFen: 100, days: 7, reason: '原因原因' },
        errorStatus('PARAM_INVALID'),
      ],
      [
        'coupons/issue',
        { userId: p.userId, name: '券', couponType: 1, discountBp: 500, maxDiscountFen: 100, days: 7, reason: ' ' },
        errorStatus('PARAM_INVALID'),
      ],
      [
        'coupons/issue',
        { userId: 99_999_999, name: '券', couponType: 1, discountBp: 500, maxDiscountFen: 100, days: 7, reason: '原因原因' },
        errorStatus('ADMIN_PLAYER_NOT_FOUND'),
      ],
      // Issue 24 §11: a coupon without a cap on its discount has no bounded value: refused.
      [
        'coupons/issue',
        { userId: p.userId, name: '券', couponType: 1, discountBp: 10_000, days: 7, reason: '原因原因' },
        errorStatus('PARAM_INVALID'),
      ],
      [
        'redPackets/issue',
        { userId: p.userId, name: '红包', rewardFen: 100_001, days: 1, reason: '原因原因' },
        errorStatus('PARAM_INVALID'),
      ],
      ['redPackets/issue', { userId: p.userId, name: '', rewardFen: 100, days: 1, reason: '原因原因' }, errorStatus('PARAM_INVALID')],
      [
        'redPackets/issue',
        { userId: p.userId, name: '红包', rewardFen: 100, days: 1, reason: '原因原因', source: 'welcome' },
        errorStatus('PARAM_INVALID'),
      ],
    ];
    for (const [url, params, status] of bad) {
      const res = await adminCall(t.app, 'POST', `${P}/${url}`, params, { adminToken: ops.token });
      expect(res.status, JSON.stringify(params)).toBe(status);
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await auditCount()).toBe(audits);
    expect(
      (await adminCall(t.app, 'GET', `${P}/vouchers`, { voucherType: 1, userId: p.userId }, { adminToken: ops.token })).data.totalRows,
    ).toBe(1);
  });
});

// PGlite has one connection and cannot race; these run on PostgreSQL.
describe.skipIf(!usingPostgres())('under concurrency (PostgreSQL)', () => {
  it('a red packet revoked while its player opens it is either opened or revoked, never both', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    for (let round = 0; round < 8; round++) {
      const p = await player();
      const packet = (
        await adminCall(
          t.app,
          'POST',
          `${P}/redPackets/issue`,
          { userId: p.userId, name: '并发红包', rewardFen: 700, days: 1, reason: '并发测试' },
          { adminToken: ops.token },
        )
      ).data;
      const [opened, revoked] = await Promise.all([
        call(t.app, 'POST', '/api/personalCenter/useRewardVoucher', { rewardVoucherIds: [packet.id] }, p.token),
        adminCall(t.app, 'POST', `${P}/redPackets/revoke`, { id: packet.id, reason: '并发测试' }, { adminToken: ops.token }),
      ]);
      expect([opened.status === 0, revoked.status === 0].filter(Boolean)).toHaveLength(1);
      expect(await balance(p.token)).toBe(opened.status === 0 ? 700 : 0);
      const [row] = await queryRows<{ state: unknown }>(db(), sql`SELECT state FROM reward_vouchers WHERE id = ${packet.id}`);
      expect(toInt(row!.state)).toBe(opened.status === 0 ? 1 : 2);
      expect((await auditRows('redPacket.revoke')).filter((r) => r.target_id === String(packet.id))).toHaveLength(
        revoked.status === 0 ? 1 : 0,
      );
    }
    await expectBooksBalanced(db());
  });
});
