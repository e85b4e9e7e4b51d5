import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus, valueKinds } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { getBalances } from '../../../platform/ledger/index.js';
import { usingPostgres } from '../../../testing/test-db.js';

/** Issue 24 §11: per-operator daily caps on value created, the value view, the settings (decision 0048). */

let t: TestApp;
let admin: Op;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await givenOperator(t.app, t.database.db, 'admin');
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Op = { id: number; token: string };
const as = (op: Op, method: 'GET' | 'POST', url: string, params: Record<string, unknown> = {}) =>
  adminCall(t.app, method, url, params, { adminToken: op.token });
const count = async (query: ReturnType<typeof sql>) => toInt((await queryRows<{ n: unknown }>(db(), query))[0]?.n);
const audits = () => count(sql`SELECT count(*) AS n FROM audit_log`);
const P = '/api/admin/promotions';

/** Saves the limits: every kind's cap and threshold at `capFen` (nothing waits for approval), or the defaults. */
async function saveLimits(values: Record<string, number> | 'defaults') {
  const { defaults } = (await as(admin, 'GET', '/api/admin/limits/settings')).data;
  const form: Record<string, unknown> = {
    boxReturnCeilingBp: defaults.boxReturnCeilingBp,
    reason: '测试额度',
  };
  for (const k of defaults.kinds as Array<{ kind: string; capFen: number; approvalAboveFen: number }>) {
    form[`${k.kind}CapFen`] = k.capFen;
    form[`${k.kind}ApprovalFen`] = k.approvalAboveFen;
  }
  const res = await as(admin, 'POST', '/api/admin/limits/settings', values === 'defaults' ? form : { ...form, ...values });
  expect(res.status, res.msg).toBe(0);
  return res.data;
}

describe('daily caps', () => {
  it('refuses, for each kind, the action that would pass the operator’s cap, and writes nothing', async () => {
    const caps = Object.fromEntries(
      valueKinds.flatMap((k) => [
        [`${k}CapFen`, 1_000],
        [`${k}ApprovalFen`, 1_000],
      ]),
    );
    await saveLimits(caps);
    try {
      const [ops, other, finance] = [
        await givenOperator(t.app, db(), 'operations'),
        await givenOperator(t.app, db(), 'operations'),
        await givenOperator(t.app, db(), 'finance'),
      ];
      const player = await givenUser(db());
      const [line] = await queryRows<{ id: unknown; price: unknown }>(
        db(),
        sql`SELECT id, price_fen AS price FROM shop_stock WHERE stock >= 3 AND price_fen BETWEEN 501 AND 1000 ORDER BY id LIMIT 1`,
      );
      const giveaway = () => ({
        title: '额度测试',
        openTime: new Date(Date.now() + 3_600_000).toISOString(),
        stockIds: [toInt(line!.id)],
      });
      let n = 0;
      const code = (amountFen: number, maxUses: number) => ({
        code: `CAP${process.pid % 1000}X${++n}${Date.now() % 100_000}`,
        rewardType: 'coin',
        amountFen,
        maxUses,
        days: 1,
      });
      const coupon = (maxDiscountFen: number) => ({
        userId: player.id,
        name: '券',
        couponType: 1,
        discountBp: 10_000,
        maxDiscountFen,
        days: 1,
        reason: '额度测试',
      });
      const packet = (rewardFen: number) => ({
        userId: player.id,
        name: '红包',
        rewardFen,
        days: 1,
        reason: '额度测试',
      });
      const credit = (amountFen: number) => ({ id: player.id, kind: 'coin', amountFen, reason: '额度测试' });
      const rows = () =>
        count(
          sql`SELECT (SELECT count(*) FROM reward_vouchers) + (SELECT count(*) FROM golden_codes) + (SELECT count(*) FROM giveaways) + (SELECT count(*) FROM ledger_transfers) AS n`,
        );
      const kinds: Array<[string, Op, string, Record<string, unknown>, Record<string, unknown>]> = [
        ['红包', ops, `${P}/redPackets/issue`, packet(600), packet(401)],
        ['优惠券', ops, `${P}/coupons/issue`, coupon(600), coupon(401)],
        ['Golden Code', ops, `${P}/goldenCodes/create`, code(100, 6), code(100, 5)],
        ['余额调增', finance, '/api/admin/players/adjustBalance', credit(600), credit(401)],
        ['官方福利房', ops, '/api/admin/games/giveaways/create', giveaway(), giveaway()],
      ];
      for (const [name, op, url, first, second] of kinds) {
        const ok = await as(op, 'POST', url, first);
        expect(ok.status, `${name}: ${ok.msg}`).toBe(0);
        expect(ok.data).not.toHaveProperty('approval');
        const [before, auditsBefore] = [await rows(), await audits()];
        const refused = await as(op, 'POST', url, second);
        expect(refused.status, name).toBe(errorStatus('LIMIT_DAILY_CAP'));
        expect(refused.msg).toContain(`超出今日${name}额度：每日上限 ¥10`);
        expect([await rows(), await audits()], name).toEqual([before, auditsBefore]);
      }
      // Per operator: another operator still has the whole of their own cap.
      expect((await as(other, 'POST', `${P}/redPackets/issue`, packet(1_000))).status).toBe(0);
      // A debit is not value created: never refused by the cap.
      expect((await as(finance, 'POST', '/api/admin/players/adjustBalance', credit(-600))).status).toBe(0);
      expect((await getBalances(db(), player.id)).coinFen).toBe(0);
      await expectBooksBalanced(db());
    } finally {
      await saveLimits('defaults');
    }
  });

  it('shows the value created today by operator and kind, which adds up', async () => {
    const today = (await as(admin, 'GET', '/api/admin/limits/today')).data;
    expect(today.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(today.kinds.find((k: { kind: string }) => k.kind === 'redPacket')).toEqual({
      kind: 'redPacket',
      capFen: 200_000,
      approvalAboveFen: 50_000,
    });
    type Value = { kind: string; ownFen: number; cosignedFen: number; countedFen: number };
    const values: Value[] = today.operators.flatMap((o: { values: Value[] }) => o.values);
    for (const kind of valueKinds) {
      const ofKind = values.filter((v) => v.kind === kind);
      expect(today.totals.find((x: { kind: string }) => x.kind === kind).createdFen, kind).toBe(ofKind.reduce((s, v) => s + v.ownFen, 0));
      for (const v of ofKind) expect(v.countedFen).toBe(v.ownFen + v.cosignedFen);
    }
    // The first test: red packets 600 + 1,000 by two operators, a ¥1 × 6 code, a ¥6 credit, a coupon capped at ¥6.
    expect(today.totals.filter((x: { kind: string }) => x.kind !== 'officialGiveaway')).toEqual([
      { kind: 'redPacket', createdFen: 1_600 },
      { kind: 'coupon', createdFen: 600 },
      { kind: 'goldenCode', createdFen: 600 },
      { kind: 'balanceCredit', createdFen: 600 },
    ]);
    expect(today.totals.find((x: { kind: string }) => x.kind === 'officialGiveaway').createdFen).toBeGreaterThan(0);
  });

  it('values a Golden Code at one use × its uses: an item at its price, a coupon at its cap', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const [item] = await queryRows<{ id: unknown; v: unknown }>(
      db(),
      sql`SELECT id, greatest(reference_price_fen, recovery_price_fen) AS v FROM items WHERE recovery_price_fen BETWEEN 1000 AND 5000 ORDER BY id LIMIT 1`,
    );
    const create = (params: Record<string, unknown>) =>
      as(ops, 'POST', `${P}/goldenCodes/create`, {
        code: `VAL${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`,
        days: 1,
        ...params,
      });
    const itemCode = await create({ rewardType: 'item', itemId: toInt(item!.id), maxUses: 3 });
    const couponCode = await create({
      rewardType: 'coupon',
      couponType: 1,
      discountBp: 10_000,
      maxDiscountFen: 500,
      maxUses: 40,
    });
    const valueOf = async (id: number) =>
      (
        await queryRows<{ v: unknown }>(
          db(),
          sql`SELECT after->>'valueFen' AS v FROM audit_log WHERE action = 'goldenCode.create' AND target_id = ${String(id)}`,
        )
      )[0]?.v;
    expect(Number(await valueOf(itemCode.data.id))).toBe(toInt(item!.v) * 3);
    expect(Number(await valueOf(couponCode.data.id))).toBe(20_000);
    // ¥5 × 500 uses is ¥2,500: above the ¥2,000 default threshold, it waits for a second operator.
    const campaign = await create({ rewardType: 'coin', amountFen: 500, maxUses: 500 });
    expect(campaign.data.approval).toMatchObject({
      kind: 'goldenCode',
      valueFen: 250_000,
      status: 'pending',
    });
  });

  it('a capped coupon takes off at most its cap at checkout, whatever the discount', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const player = await givenUser(db(), { coinsFen: 100_000 });
    const token = await givenSession(db(), player.id);
    const issued = await as(ops, 'POST', `${P}/coupons/issue`, {
      userId: player.id,
      name: '免单券',
      couponType: 1,
      discountBp: 10_000,
      maxDiscountFen: 500,
      days: 1,
      reason: '上限测试',
    });
    expect(issued.data).toMatchObject({ discountBp: 10_000, maxDiscountFen: 500 });
    const mine = (await call(t.app, 'GET', '/api/personalCenter/getMyCoupons', { couponType: 1 }, token)).data;
    expect(mine).toEqual([expect.objectContaining({ id: issued.data.id, discountBp: 10_000, maxDiscount: 500 })]);
    const [box] = await queryRows<{ id: unknown; price: unknown }>(
      db(),
      sql`SELECT id, price_fen AS price FROM boxes WHERE box_type = 1 AND enabled AND price_fen > 1000 ORDER BY id LIMIT 1`,
    );
    const opened = await call(t.app, 'POST', '/api/case/openCase', { caseId: toInt(box!.id), number: 1, couponId: issued.data.id }, token);
    expect(opened.status, opened.msg).toBe(0);
    expect(opened.data.amountPaid).toBe(toInt(box!.price) - 500);
    await expectBooksBalanced(db());
  });
});

describe('limit settings', () => {
  it('only an admin changes them, with a reason and an audit row; a threshold above its cap is refused', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const read = (await as(ops, 'GET', '/api/admin/limits/settings')).data;
    expect(read).toMatchObject({ boxReturnCeilingBp: 9_800, updatedAt: expect.anything() });
    expect(read.defaults.kinds).toEqual([
      { kind: 'redPacket', capFen: 200_000, approvalAboveFen: 50_000 },
      { kind: 'coupon', capFen: 200_000, approvalAboveFen: 50_000 },
      { kind: 'goldenCode', capFen: 2_000_000, approvalAboveFen: 200_000 },
      { kind: 'balanceCredit', capFen: 1_000_000, approvalAboveFen: 100_000 },
      { kind: 'officialGiveaway', capFen: 2_000_000, approvalAboveFen: 200_000 },
    ]);
    const form = Object.fromEntries(
      read.kinds.flatMap((k: { kind: string; capFen: number; approvalAboveFen: number }) => [
        [`${k.kind}CapFen`, k.capFen],
        [`${k.kind}ApprovalFen`, k.approvalAboveFen],
      ]),
    );
    const before = await audits();
    expect(
      (
        await as(ops, 'POST', '/api/admin/limits/settings', {
          ...form,
          boxReturnCeilingBp: 9_900,
          reason: '想提高',
        })
      ).status,
    ).toBe(errorStatus('ADMIN_FORBIDDEN'));
    const bad = await as(admin, 'POST', '/api/admin/limits/settings', {
      ...form,
      boxReturnCeilingBp: 9_800,
      redPacketApprovalFen: 300_000,
      reason: '门槛过高',
    });
    expect(bad.status).toBe(errorStatus('PARAM_INVALID'));
    expect(bad.msg).toContain('审批门槛不能高于每日额度');
    expect(
      (
        await as(admin, 'POST', '/api/admin/limits/settings', {
          ...form,
          boxReturnCeilingBp: 10_001,
          reason: '超过百分百',
        })
      ).status,
    ).toBe(errorStatus('PARAM_INVALID'));
    expect(await audits()).toBe(before);
    const saved = await as(admin, 'POST', '/api/admin/limits/settings', {
      ...form,
      boxReturnCeilingBp: 9_700,
      reason: '收紧返奖',
    });
    expect(saved.data).toMatchObject({ boxReturnCeilingBp: 9_700 });
    const [row] = await queryRows<{
      operator_id: unknown;
      before: { boxReturnCeilingBp: number };
      after: { boxReturnCeilingBp: number; reason: string };
    }>(db(), sql`SELECT operator_id, before, after FROM audit_log WHERE action = 'limits.settings' ORDER BY id DESC LIMIT 1`);
    await saveLimits('defaults');
    expect(toInt(row!.operator_id)).toBe(admin.id);
    expect(row).toMatchObject({
      before: { boxReturnCeilingBp: 9_800 },
      after: { boxReturnCeilingBp: 9_700, reason: '收紧返奖' },
    });
  });
});

describe('box return ceiling', () => {
  it('refuses a box whose declared return is above the ceiling on create, price change and publish; an admin may raise it', async () => {
    const ops = await givenOperator(t.app, db(), 'operations');
    const [item] = await queryRows<{ id: unknown; price: unknown }>(
      db(),
      sql`SELECT id, recovery_price_fen AS price FROM items WHERE recovery_price_fen BETWEEN 2000 AND 9000 ORDER BY id LIMIT 1`,
    );
    const drops = [{ itemId: toInt(item!.id), weight: 100_000 }];
    const priceAt = (rate: number) => Math.ceil(toInt(item!.price) / rate);
    const boxes = () => count(sql`SELECT (SELECT count(*) FROM boxes) + (SELECT count(*) FROM box_versions) AS n`);
    const [rowsBefore, auditsBefore] = [await boxes(), await audits()];
    const above = await as(ops, 'POST', '/api/admin/boxes/create', {
      name: '高返奖箱',
      themeId: 1,
      priceFen: priceAt(0.99),
      enabled: true,
      drops,
    });
    expect(above.status).toBe(errorStatus('BOX_RETURN_ABOVE_CEILING'));
    expect(above.msg).toMatch(/^声明返奖率 9[89]\.\d\d% 高于上限 98\.00%，无法保存或发布/);
    expect([await boxes(), await audits()]).toEqual([rowsBefore, auditsBefore]);

    const made = await as(ops, 'POST', '/api/admin/boxes/create', {
      name: '合规箱',
      themeId: 1,
      priceFen: priceAt(0.97),
      enabled: true,
      drops,
    });
    expect(made.status, made.msg).toBe(0);
    expect(made.data.returnRateBp).toBeLessThanOrEqual(9_800);
    const id = made.data.id as number;
    expect((await as(ops, 'POST', '/api/admin/boxes/update', { id, priceFen: priceAt(0.99) })).status).toBe(
      errorStatus('BOX_RETURN_ABOVE_CEILING'),
    );
    expect((await as(ops, 'POST', '/api/admin/boxes/publish', { id, drops, priceFen: priceAt(0.985) })).status).toBe(
      errorStatus('BOX_RETURN_ABOVE_CEILING'),
    );
    expect((await as(ops, 'GET', '/api/admin/boxes/detail', { id })).data).toMatchObject({
      version: 1,
      priceFen: priceAt(0.97),
    });
    // A rename of the box never touches its return.
    expect((await as(ops, 'POST', '/api/admin/boxes/update', { id, name: '合规箱二' })).status).toBe(0);

    await saveLimits({ boxReturnCeilingBp: 9_950 });
    try {
      const published = await as(ops, 'POST', '/api/admin/boxes/publish', {
        id,
        drops,
        priceFen: priceAt(0.985),
      });
      expect(published.status, published.msg).toBe(0);
      expect(published.data.version).toBe(2);
    } finally {
      await saveLimits('defaults');
    }
  });
});

describe.skipIf(!usingPostgres())('daily caps under concurrency (PostgreSQL)', () => {
  it('two actions of one operator racing for the last of the cap: exactly one passes', async () => {
    await saveLimits({ redPacketCapFen: 1_000, redPacketApprovalFen: 1_000 });
    try {
      const ops = await givenOperator(t.app, db(), 'operations');
      const player = await givenUser(db());
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          as(ops, 'POST', `${P}/redPackets/issue`, {
            userId: player.id,
            name: '并发',
            rewardFen: 600,
            days: 1,
            reason: '并发额度',
          }),
        ),
      );
      expect(results.filter((r) => r.status === 0)).toHaveLength(1);
      expect(results.filter((r) => r.status === errorStatus('LIMIT_DAILY_CAP'))).toHaveLength(3);
      expect(await count(sql`SELECT count(*) AS n FROM reward_vouchers WHERE user_id = ${player.id}`)).toBe(1);
    } finally {
      await saveLimits('defaults');
    }
  });
});
