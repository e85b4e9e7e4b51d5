import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { debit } from '../../../platform/ledger/index.js';
import { createJobRunner } from '../../../platform/jobs/index.js';
import { createAppContext, registerJobHandlers } from '../../../app.js';
import { beginRefund } from './refund-intent.js';

let t: TestApp;
let finance: { token: string };
beforeAll(async () => {
  t = await buildTestApp();
  finance = await givenOperator(t.app, db(), 'finance');
});
afterAll(async () => t?.close());

const db = () => t.database.db;

async function player(options: { verified?: boolean; inviterId?: number } = {}) {
  const user = await givenUser(db());
  if (options.verified !== false) await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  if (options.inviterId) await db().execute(sql`UPDATE users SET inviter_id = ${options.inviterId} WHERE id = ${user.id}`);
  return { userId: user.id, token: await givenSession(db(), user.id) };
}
async function order(token: string, amount: number): Promise<string> {
  const made = await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount }, token);
  expect(made.status).toBe(0);
  return made.data.orderId as string;
}
/** Paid the way a player pays in sandbox mode: the checkout posts a signed callback to the real webhook. */
async function deposit(token: string, amount: number): Promise<string> {
  const orderNo = await order(token, amount);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/checkout/complete',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `orderId=${orderNo}&action=pay`,
  });
  expect(res.statusCode).toBe(302);
  return orderNo;
}
const coins = async (userId: number) =>
  toInt(
    (
      await queryRows<{ b: unknown }>(db(), sql`SELECT balance_fen AS b FROM ledger_accounts WHERE user_id = ${userId} AND kind = 'coin'`)
    )[0]?.b,
  );
const quote = async (orderNo: string) =>
  (await adminCall(t.app, 'GET', '/api/admin/deposits/refundQuote', { orderNo }, { adminToken: finance.token })).data;
const refund = (orderNo: string, amountMinor: unknown, reason: unknown = '玩家申请退款', token = finance.token) =>
  adminCall(t.app, 'POST', '/api/admin/deposits/refund', { orderNo, amountMinor, reason }, { adminToken: token });
const adjust = (userId: number, amountFen: number) =>
  adminCall(
    t.app,
    'POST',
    '/api/admin/players/adjustBalance',
    { id: userId, kind: 'coin', amountFen, reason: '测试调整' },
    { adminToken: finance.token },
  );
/** Sums of what refunds moved, by ledger code (fen). */
async function moved(orderNo: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ code: string; fen: unknown }>(
    db(),
    sql`SELECT t.code, sum(t.amount_fen) AS fen FROM ledger_transfers t
        JOIN deposit_refunds r ON t.ref_type = 'deposit_refund' AND t.ref_id = r.id::text
        JOIN deposit_orders o ON o.id = r.order_id WHERE o.order_no = ${orderNo} GROUP BY t.code`,
  );
  return Object.fromEntries(rows.map((r) => [r.code, toInt(r.fen)]));
}

describe('refunding a deposit (sandbox channel)', () => {
  it('a full refund takes back the deposit and its first-deposit bonus, tells the player, and writes the audit rows', async () => {
    const p = await player();
    const orderNo = await deposit(p.token, 10_000);
    // ¥100, +20 % first deposit, +¥2 VIP 1 level reward (kept: once per account, decision 0060).
    expect(await coins(p.userId)).toBe(12_200);
    expect(await quote(orderNo)).toMatchObject({ refundableMinor: 10_000, limit: 'none', takesCoinFen: 10_000, takesBonusFen: 2_000 });
    const done = await refund(orderNo, 10_000);
    expect(done.status).toBe(0);
    expect(done.data.refund).toMatchObject({ amountMinor: 10_000, coinFen: 10_000, bonusFen: 2_000, state: 1 });
    expect(done.data.quote).toMatchObject({ refundedMinor: 10_000, pendingMinor: 0, refundableMinor: 0, limit: 'refunded' });
    expect(await coins(p.userId)).toBe(200);
    expect(await moved(orderNo)).toEqual({ deposit_refund: 10_000, deposit_bonus_clawback: 2_000 });
    const messages = await queryRows<{ title: string; content: string }>(
      db(),
      sql`SELECT title, content FROM messages WHERE user_id = ${p.userId}`,
    );
    expect(messages.find((m) => m.title === '充值退款成功')?.content).toContain('已退款 ¥100，');
    const audit = await queryRows<{ action: string; operator_id: unknown }>(
      db(),
      sql`SELECT action, operator_id FROM audit_log WHERE target_type = 'deposit' AND target_id = ${orderNo} ORDER BY id`,
    );
    expect(audit.map((a) => [a.action, a.operator_id === null])).toEqual([
      ['deposit.refund', false],
      ['deposit.refundResult', true],
    ]);
    // Its VIP experience went with it.
    const [vip] = await queryRows<{ exp: unknown }>(db(), sql`SELECT exp FROM user_vip WHERE user_id = ${p.userId}`);
    expect(toInt(vip?.exp)).toBe(0);
    expect((await refund(orderNo, 1)).status).toBe(errorStatus('ADMIN_REFUND_TOO_MUCH'));
    await expectBooksBalanced(db());
  });

  it('never takes more than the player holds: the cap, its reason, and refunds in parts that add up to the deposit exactly', async () => {
    const p = await player();
    const orderNo = await deposit(p.token, 10_000);
    expect((await adjust(p.userId, -7_200)).status).toBe(0);
    // 5,000 coins cover ¥41.66 (4,166 + a 20 % bonus share of 834); ¥41.67 would take 5,001.
    expect(await quote(orderNo)).toMatchObject({
      refundableMinor: 4_166,
      limit: 'balance',
      coinBalanceFen: 5_000,
      takesCoinFen: 4_166,
      takesBonusFen: 834,
    });
    const over = await refund(orderNo, 4_167);
    expect(over.status).toBe(errorStatus('ADMIN_REFUND_BALANCE'));
    expect(over.msg).toContain('最多可退 ¥41.66');
    expect((await refund(orderNo, 4_166)).data.refund.state).toBe(1);
    expect(await coins(p.userId)).toBe(0);
    expect(await quote(orderNo)).toMatchObject({ refundableMinor: 0, limit: 'balance', refundedMinor: 4_166 });
    await adjust(p.userId, 10_000);
    for (const part of [3_001, 1, 2_832]) expect((await refund(orderNo, part)).data.refund.state).toBe(1);
    // Four refunds, rounded each time against the player, take exactly the deposit's credit and bonus.
    expect(await moved(orderNo)).toEqual({ deposit_refund: 10_000, deposit_bonus_clawback: 2_000 });
    expect(await quote(orderNo)).toMatchObject({ refundedMinor: 10_000, refundableMinor: 0, limit: 'refunded' });
    // 10,000 credited again, less the 7,000 the parts took (12,000 in all, 5,000 by the first).
    expect(await coins(p.userId)).toBe(3_000);
    await expectBooksBalanced(db());
  });

  it('two refunds of one deposit at the same moment: the order row lock lets only what is left through', async () => {
    const p = await player();
    const orderNo = await deposit(p.token, 10_000);
    const results = await Promise.all([refund(orderNo, 10_000), refund(orderNo, 10_000), refund(orderNo, 6_000)]);
    const statuses = results.map((r) => r.status);
    // Whichever locked the order first is refunded; the others see it counted (10,000 or 6,000 + nothing).
    expect(statuses.filter((s) => s === 0)).toHaveLength(1);
    expect(statuses.filter((s) => s === errorStatus('ADMIN_REFUND_TOO_MUCH'))).toHaveLength(2);
    const [row] = await queryRows<{ n: unknown; fen: unknown }>(
      db(),
      sql`SELECT count(*) AS n, sum(r.amount_minor) AS fen FROM deposit_refunds r JOIN deposit_orders o ON o.id = r.order_id WHERE o.order_no = ${orderNo}`,
    );
    expect(toInt(row?.n)).toBe(1);
    expect((await quote(orderNo)).refundedMinor).toBe(toInt(row?.fen));
    await expectBooksBalanced(db());
  });

  it('a bonus still held for real-name verification shrinks with the refund; nothing is taken for it', async () => {
    const p = await player({ verified: false });
    const orderNo = await deposit(p.token, 10_000);
    // The bonus waits for verification (and the VIP level reward, which needs a known person too).
    expect(await coins(p.userId)).toBe(10_000);
    expect(await quote(orderNo)).toMatchObject({ takesCoinFen: 10_000, takesBonusFen: 0, takesHeldBonusFen: 2_000 });
    expect((await refund(orderNo, 5_000)).data.refund).toMatchObject({ coinFen: 5_000, bonusFen: 0, heldBonusFen: 1_000, state: 1 });
    const [o] = await queryRows<{ held: unknown }>(
      db(),
      sql`SELECT bonus_pending_fen AS held FROM deposit_orders WHERE order_no = ${orderNo}`,
    );
    expect(toInt(o?.held)).toBe(1_000);
    await expectBooksBalanced(db());
  });

  it("takes back the inviter's rebate in the refund's share, and writes off what the inviter already spent", async () => {
    const inviter = await player();
    const p = await player({ inviterId: inviter.userId });
    const orderNo = await deposit(p.token, 10_000);
    const secondary = async () =>
      toInt(
        (
          await queryRows<{ b: unknown }>(
            db(),
            sql`SELECT balance_fen AS b FROM ledger_accounts WHERE user_id = ${inviter.userId} AND kind = 'secondary'`,
          )
        )[0]?.b,
      );
    expect(await secondary()).toBe(100);
    expect((await refund(orderNo, 5_000)).data.refund).toMatchObject({ rebateFen: 50, rebateUnrecoveredFen: 0 });
    expect(await secondary()).toBe(50);
    // The inviter moves 30 of the rest away before the second refund.
    await runInTransaction(db(), ({ tx }) =>
      debit(tx, { userId: inviter.userId, kind: 'secondary', amountFen: 30, to: 'promotions', code: 'secondary_transfer' }),
    );
    expect((await refund(orderNo, 5_000)).data.refund).toMatchObject({ rebateFen: 20, rebateUnrecoveredFen: 30 });
    expect(await secondary()).toBe(0);
    // The inviter's promotion totals lose the refunded recharge and the rebate taken back (70 of 100).
    const [totals] = await queryRows<{ recharge: unknown; rebate: unknown }>(
      db(),
      sql`SELECT total_recharge_fen AS recharge, total_rebate_fen AS rebate FROM promotion_stats WHERE user_id = ${inviter.userId}`,
    );
    expect([toInt(totals!.recharge), toInt(totals!.rebate)]).toEqual([0, 30]);
    await expectBooksBalanced(db());
  });

  it('a refund whose operator call died after the intent is finished by the check job, once', async () => {
    const p = await player();
    const orderNo = await deposit(p.token, 10_000);
    // The console's call committed its intent and then its process died: no provider call, no answer.
    const intent = await beginRefund(db(), t.config, { operatorId: null, ip: null }, { orderNo, amountMinor: 2_500, reason: '崩溃后重试' });
    expect(await quote(orderNo)).toMatchObject({ pendingMinor: 2_500, refundedMinor: 0, refundableMinor: 7_500 });
    expect(await coins(p.userId)).toBe(12_200 - 3_000);
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'deposit.refund' AND state = 'pending'`);
    const runner = createJobRunner({ db: db(), logger: { info() {}, warn() {}, error() {} }, pollMs: 50 });
    registerJobHandlers(runner, createAppContext({ config: t.config, database: t.database, live: t.live }));
    await runner.runOnce();
    expect((await quote(orderNo)).refunds.map((r: { refundNo: string; state: number }) => [r.refundNo, r.state])).toEqual([
      [intent.refundNo, 1],
    ]);
    expect(await moved(orderNo)).toEqual({ deposit_refund: 2_500, deposit_bonus_clawback: 500 });
    await expectBooksBalanced(db());
  });
});

describe('the refund call refuses bad input in the envelope', () => {
  it('refuses bad amounts, reasons and order numbers, unpaid orders and roles without deposits.refund; writes nothing', async () => {
    const p = await player();
    const paid = await deposit(p.token, 1_000);
    const unpaid = await order(p.token, 1_000);
    const auditRows = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM audit_log`))[0]?.n);
    const support = await givenOperator(t.app, db(), 'support');
    const content = await givenOperator(t.app, db(), 'content');
    const before = await auditRows();
    const invalid = errorStatus('PARAM_INVALID');
    for (const amount of [0, -5, 'abc', 1.5, 5_000_001, null]) expect((await refund(paid, amount)).status, String(amount)).toBe(invalid);
    for (const reason of ['', ' ', 'x'.repeat(201), null]) expect((await refund(paid, 100, reason)).status, String(reason)).toBe(invalid);
    for (const no of ['../etc', 'short', '']) expect((await refund(no, 100)).status, no).toBe(invalid);
    expect((await refund('D20260101ffffffffffffffff', 100)).status).toBe(errorStatus('ADMIN_DEPOSIT_NOT_FOUND'));
    const notPaid = await refund(unpaid, 100);
    expect(notPaid).toMatchObject({ status: errorStatus('ADMIN_REFUND_NOT_PAID'), msg: '只有已完成的充值订单可以退款' });
    expect((await quote(unpaid)).limit).toBe('not_paid');
    expect((await refund(paid, 1_001)).status).toBe(errorStatus('ADMIN_REFUND_TOO_MUCH'));
    expect((await refund(paid, 100, '玩家申请退款', support.token)).status).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect(
      (await adminCall(t.app, 'GET', '/api/admin/deposits/refundQuote', { orderNo: paid }, { adminToken: support.token })).status,
    ).toBe(0);
    expect(
      (await adminCall(t.app, 'GET', '/api/admin/deposits/refundQuote', { orderNo: paid }, { adminToken: content.token })).status,
    ).toBe(errorStatus('ADMIN_FORBIDDEN'));
    expect(await auditRows()).toBe(before);
    expect(await coins(p.userId)).toBe(1_200);
    await expectBooksBalanced(db());
  });
});
