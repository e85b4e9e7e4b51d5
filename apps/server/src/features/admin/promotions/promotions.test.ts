import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator, OPERATOR_PASSWORD } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { usingPostgres } from '../../../testing/test-db.js';
import { createOperator } from '../service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const P = '/api/admin/promotions';

let ipCounter = 0;
/** A real-name-verified player on their own device and address (bonuses are once per device and identity). */
async function player() {
  const user = await givenUser(db());
  await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  const n = ++ipCounter + (process.pid % 200) * 1000;
  return {
    userId: user.id,
    token: await givenSession(db(), user.id),
    device: `promo-test-${process.pid}-${user.id}`,
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
}
type Player = Awaited<ReturnType<typeof player>>;

async function redeem(p: Player, code: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/redPacket/receive',
    headers: { token: p.token, 'device-id': p.device, 'content-type': 'application/json' },
    payload: JSON.stringify({ code }),
    remoteAddress: p.ip,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.json() as { status: number; msg: string; data: any };
}

const balance = async (token: string) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data.balance as number;
const auditCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM audit_log`))[0]?.n);
const auditRows = (action: string) =>
  queryRows<{ operator_id: unknown; target_id: string | null; before: unknown; after: unknown }>(
    db(),
    sql`SELECT operator_id, target_id, before, after FROM audit_log WHERE action = ${action} ORDER BY id`,
  );
const codeCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM golden_codes`))[0]?.n);

let codeCounter = 0;
const freshCode = () => `ADM${process.pid % 10_000}X${++codeCounter}${Date.now() % 100_000}`.slice(0, 32);

describe('who may call /api/admin/promotions/*', () => {
  it('refuses guests, players, operators before two-factor and roles without the permission', async () => {
    const p = await player();
    const content = await givenOperator(t.app, db(), 'content'); // promotions.read only
    const support = await givenOperator(t.app, db(), 'support'); // neither
    await createOperator(
      { db: db() },
      { operatorId: null, ip: null },
      { name: 'promo-pending', password: OPERATOR_PASSWORD, role: 'admin' },
    );
    const pending = (await adminCall(t.app, 'POST', '/api/admin/login', { name: 'promo-pending', password: OPERATOR_PASSWORD })).data
      .token as string;
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

describe('VIP ladder, promotion levels and the first-deposit rate', () => {
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
