import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced } from '../../../testing/factories.js';
import { adminCall, givenOperator, pendingOperatorToken } from '../../../testing/operators.js';
import { toInt } from '../../../platform/db/rows.js';
import { usingPostgres } from '../../../testing/test-db.js';
import { promotionsConsole } from '../../../testing/promotions-console.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { db, P, player, redeem, balance, auditCount, auditRows, codeCount, freshCode } = promotionsConsole(() => t);

describe('who may call /api/admin/promotions/*', () => {
  it('refuses guests, players, operators before two-factor and roles without the permission', async () => {
    const p = await player();
    const content = await givenOperator(t.app, db(), 'content'); // promotions.read only
    const support = await givenOperator(t.app, db(), 'support'); // neither
    const pending = await pendingOperatorToken(t.app, db(), 'promo-pending');
    const grades = (await adminCall(t.app, 'GET', `${P}/vipGrades`, {}, { adminToken: content.token })).data;
    const levels = (await adminCall(t.app, 'GET', `${P}/levels`, {}, { adminToken: content.token })).data;
    const calls = [
      { method: 'GET' as const, url: `${P}/goldenCodes`, params: {}, write: false },
      { method: 'GET' as const, url: `${P}/goldenCodes/redemptions`, params: { id: 1 }, write: false },
      { method: 'GET' as const, url: `${P}/vouchers`, params: { voucherType: 0 }, write: false },
      { method: 'GET' as const, url: `${P}/vipGrades`, params: {}, write: false },
      { method: 'GET' as const, url: `${P}/levels`, params: {}, write: false },
      { method: 'GET' as const, url: `${P}/firstDeposit`, params: {}, write: false },
      {
        method: 'POST' as const,
        url: `${P}/goldenCodes/create`,
        params: { code: freshCode(), rewardType: 'coin', amountFen: 100, maxUses: 1, days: 1 },
        write: true,
      },
      { method: 'POST' as const, url: `${P}/goldenCodes/disabled`, params: { id: 1, disabled: true }, write: true },
      {
        method: 'POST' as const,
        url: `${P}/redPackets/issue`,
        params: { userId: p.userId, name: '测试红包', rewardFen: 100, days: 1, reason: '测试原因' },
        write: true,
      },
      { method: 'POST' as const, url: `${P}/redPackets/revoke`, params: { id: 1, reason: '测试原因' }, write: true },
      {
        method: 'POST' as const,
        url: `${P}/coupons/issue`,
        params: { userId: p.userId, name: '测试券', couponType: 1, discountBp: 500, maxDiscountFen: 100, days: 1, reason: '测试原因' },
        write: true,
      },
      { method: 'POST' as const, url: `${P}/coupons/revoke`, params: { id: 1, reason: '测试原因' }, write: true },
      { method: 'POST' as const, url: `${P}/vipGrades`, params: { grades, reason: '测试原因' }, write: true },
      { method: 'POST' as const, url: `${P}/levels`, params: { levels, reason: '测试原因' }, write: true },
      { method: 'POST' as const, url: `${P}/firstDeposit`, params: { bonusPercent: 5, reason: '测试原因' }, write: true },
    ];
    const before = await auditCount();
    for (const c of calls) {
      const as = (headers: { adminToken?: string; playerToken?: string }) => adminCall(t.app, c.method, c.url, c.params, headers);
      expect((await as({})).status, `${c.url} guest`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ playerToken: p.token })).status, `${c.url} player`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ adminToken: p.token })).status, `${c.url} player as admin`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ adminToken: pending })).status, `${c.url} pending`).toBe(errorStatus('ADMIN_TOTP_REQUIRED'));
      expect((await as({ adminToken: support.token })).status, `${c.url} support`).toBe(errorStatus('ADMIN_FORBIDDEN'));
      const asContent = (await as({ adminToken: content.token })).status;
      if (c.write) expect(asContent, `${c.url} content`).toBe(errorStatus('ADMIN_FORBIDDEN'));
      else expect([0, errorStatus('ADMIN_GOLDEN_CODE_NOT_FOUND')], `${c.url} content`).toContain(asContent);
    }
    expect(await auditCount()).toBe(before);
    expect((await adminCall(t.app, 'GET', `${P}/firstDeposit`, {}, { adminToken: content.token })).data).toEqual({ bonusPercent: 20 });
  });
});

describe('Golden Codes', () => {
  it('creates a code a player can redeem through the public route, and shows its usage', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const code = freshCode();
    const before = await auditCount();
    const made = await adminCall(
      t.app,
      'POST',
      `${P}/goldenCodes/create`,
      { code: code.toLowerCase(), rewardType: 'coin', amountFen: 888, maxUses: 2, days: 7, note: '双十一' },
      { adminToken: ops.token },
    );
    expect(made.status).toBe(0);
    expect(made.data).toMatchObject({
      code,
      rewardType: 'coin',
      amountFen: 888,
      maxUses: 2,
      usedCount: 0,
      state: 'live',
      note: '双十一',
      disabledAt: null,
    });
    expect(new Date(made.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(await auditCount()).toBe(before + 1);
    const [row] = await auditRows('goldenCode.create').then((r) => r.filter((x) => x.target_id === String(made.data.id)));
    expect(toInt(row!.operator_id)).toBe(ops.id);
    expect(row!.before).toBeNull();
    expect(row!.after).toMatchObject({ code, amountFen: 888, maxUses: 2 });

    const a = await player();
    const b = await player();
    expect((await redeem(a, code)).data).toEqual({ rewardType: 'coin', amount: 888 });
    expect(await balance(a.token)).toBe(888);
    expect((await redeem(b, code)).status).toBe(0);

    const list = (
      await adminCall(t.app, 'GET', `${P}/goldenCodes`, { q: code.slice(0, 10).toLowerCase(), state: 'usedUp' }, { adminToken: ops.token })
    ).data;
    expect(list.pageData.find((c: { id: number }) => c.id === made.data.id)).toMatchObject({ usedCount: 2, state: 'usedUp' });
    expect((await adminCall(t.app, 'GET', `${P}/goldenCodes`, { q: code, state: 'live' }, { adminToken: ops.token })).data.totalRows).toBe(
      0,
    );
    const usage = (await adminCall(t.app, 'GET', `${P}/goldenCodes/redemptions`, { id: made.data.id }, { adminToken: ops.token })).data;
    expect(usage.totalRows).toBe(2);
    expect(usage.pageData.map((r: { userId: number }) => r.userId)).toEqual([b.userId, a.userId]);
    expect(usage.pageData[0].nickname).toEqual(expect.any(String));
    await expectBooksBalanced(db());
  });

  it('a disabled code redeems like an unknown one; enabled again, it works; each change is one audit row', async () => {
    const admin = await givenOperator(t.app, db(), 'admin');
    const code = freshCode();
    const made = (
      await adminCall(
        t.app,
        'POST',
        `${P}/goldenCodes/create`,
        { code, rewardType: 'coin', amountFen: 100, maxUses: 5, days: 1 },
        { adminToken: admin.token },
      )
    ).data;
    const before = await auditCount();
    const off = await adminCall(t.app, 'POST', `${P}/goldenCodes/disabled`, { id: made.id, disabled: true }, { adminToken: admin.token });
    expect(off.data).toMatchObject({ state: 'disabled', disabledAt: expect.any(String) });
    expect(await auditCount()).toBe(before + 1);
    const p = await player();
    const unknown = await redeem(p, 'NOSUCHCODE9999');
    expect(await redeem(p, code)).toEqual(unknown);
    expect(await balance(p.token)).toBe(0);
    expect(
      (await adminCall(t.app, 'GET', `${P}/goldenCodes`, { q: code, state: 'disabled' }, { adminToken: admin.token })).data.totalRows,
    ).toBe(1);

    const again = await adminCall(t.app, 'POST', `${P}/goldenCodes/disabled`, { id: made.id, disabled: true }, { adminToken: admin.token });
    expect(again.status).toBe(errorStatus('ADMIN_GOLDEN_CODE_STATE'));
    expect(await auditCount()).toBe(before + 1);

    const on = await adminCall(t.app, 'POST', `${P}/goldenCodes/disabled`, { id: made.id, disabled: false }, { adminToken: admin.token });
    expect(on.data).toMatchObject({ state: 'live', disabledAt: null });
    const rows = (await auditRows('goldenCode.enable')).filter((r) => r.target_id === String(made.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toMatchObject({ disabledAt: expect.any(String) });
    expect(rows[0]!.after).toMatchObject({ disabledAt: null });
    expect((await redeem(p, code)).data).toEqual({ rewardType: 'coin', amount: 100 });

    const missing = await adminCall(
      t.app,
      'POST',
      `${P}/goldenCodes/disabled`,
      { id: 9_999_999, disabled: true },
      { adminToken: admin.token },
    );
    expect(missing.status).toBe(errorStatus('ADMIN_GOLDEN_CODE_NOT_FOUND'));
  });

  it('creates item, box and coupon codes with the same rules as the CLI', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const create = (params: Record<string, unknown>) =>
      adminCall(t.app, 'POST', `${P}/goldenCodes/create`, { code: freshCode(), maxUses: 1, days: 1, ...params }, { adminToken: ops.token });
    const box = await create({ rewardType: 'box', boxId: 1 });
    expect(box.data).toMatchObject({ rewardType: 'box', boxId: 1, boxName: expect.any(String), amountFen: null });
    const coupon = await create({ rewardType: 'coupon', couponType: 1, discountBp: 1_000, maxDiscountFen: 2_000 });
    expect(coupon.data).toMatchObject({ rewardType: 'coupon', couponType: 1, discountBp: 1_000, minSpendFen: 0, maxDiscountFen: 2_000 });
    const p = await player();
    expect((await redeem(p, coupon.data.code)).data).toMatchObject({ rewardType: 'coupon', couponName: '开箱9折券' });
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const existing = (
      await adminCall(
        t.app,
        'POST',
        `${P}/goldenCodes/create`,
        { code: freshCode(), rewardType: 'coin', amountFen: 100, maxUses: 1, days: 1 },
        { adminToken: ops.token },
      )
    ).data;
    const [codes, audits] = [await codeCount(), await auditCount()];
    const create = (params: Record<string, unknown>) =>
      adminCall(t.app, 'POST', `${P}/goldenCodes/create`, { code: freshCode(), maxUses: 1, days: 1, ...params }, { adminToken: ops.token });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ rewardType: 'coin' }, errorStatus('PARAM_INVALID'), '请填写'],
      [{ rewardType: 'coin', amountFen: 100, boxId: 1 }, errorStatus('PARAM_INVALID'), '不需要'],
      [{ rewardType: 'coin', amountFen: 0 }, errorStatus('PARAM_INVALID'), '参数错误'],
      [{ rewardType: 'coin', amountFen: 100, maxUses: 0 }, errorStatus('PARAM_INVALID'), '参数错误'],
      [{ rewardType: 'coin', amountFen: 100, days: 0 }, errorStatus('PARAM_INVALID'), '参数错误'],
      [{ rewardType: 'coin', amountFen: 100, code: 'AB-1234' }, errorStatus('PARAM_INVALID'), '6-32位'],
      [{ rewardType: 'coupon', couponType: 1, discountBp: 10_001, maxDiscountFen: 100 }, errorStatus('PARAM_INVALID'), '参数错误'],
      // Issue 24 §11: a coupon code needs its cap; coins at most ¥1,000 a use; at most 100,000 uses.
      [{ rewardType: 'coupon', couponType: 1, discountBp: 10_000 }, errorStatus('PARAM_INVALID'), '请填写'],
      [{ rewardType: 'coin', amountFen: 100_001 }, errorStatus('PARAM_INVALID'), '参数错误'],
      [{ rewardType: 'coin', amountFen: 100, maxUses: 100_001 }, errorStatus('PARAM_INVALID'), '参数错误'],
      [{ rewardType: 'box', boxId: 99_999 }, errorStatus('ADMIN_GOLDEN_CODE_REWARD'), '不存在'],
      [{ rewardType: 'item', itemId: 99_999_999 }, errorStatus('ADMIN_GOLDEN_CODE_REWARD'), '不存在'],
      [{ rewardType: 'coin', amountFen: 100, code: existing.code }, errorStatus('ADMIN_GOLDEN_CODE_EXISTS'), '已存在'],
      [{ rewardType: 'coin', amountFen: 100, usedCount: 5 }, errorStatus('PARAM_INVALID'), '参数错误'],
    ];
    for (const [params, status, text] of cases) {
      const res = await create(params);
      expect(res.status, JSON.stringify(params)).toBe(status);
      expect(res.msg, JSON.stringify(params)).toContain(text);
    }
    expect(await codeCount()).toBe(codes);
    expect(await auditCount()).toBe(audits);
  });
});

// PGlite has one connection and cannot race; these run on PostgreSQL.
describe.skipIf(!usingPostgres())('under concurrency (PostgreSQL)', () => {
  it('two operators disabling one code at once: one succeeds, one audit row', async () => {
    const [a, b] = [await givenOperator(t.app, db(), 'operations'), await givenOperator(t.app, db(), 'admin')];
    const made = (
      await adminCall(
        t.app,
        'POST',
        `${P}/goldenCodes/create`,
        { code: freshCode(), rewardType: 'coin', amountFen: 100, maxUses: 5, days: 1 },
        { adminToken: a.token },
      )
    ).data;
    const results = await Promise.all(
      [a, b].map((op) => adminCall(t.app, 'POST', `${P}/goldenCodes/disabled`, { id: made.id, disabled: true }, { adminToken: op.token })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([0, errorStatus('ADMIN_GOLDEN_CODE_STATE')].sort());
    expect((await auditRows('goldenCode.disable')).filter((r) => r.target_id === String(made.id))).toHaveLength(1);
  });
});
