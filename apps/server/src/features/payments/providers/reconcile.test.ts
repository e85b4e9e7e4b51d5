import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { openTransactions } from '../../../testing/open-transactions.js';
import { claimDueJobs, createJobRunner } from '../../../platform/jobs/index.js';
import { createAppContext, registerJobHandlers } from '../../../app.js';
import { startAlipayStub, type AlipayStub } from '../../../testing/stubs/alipay-stub.js';
import { startWechatPayStub, type WechatPayStub } from '../../../testing/stubs/wechatpay-stub.js';
import { paymentStubEnv } from '../../../testing/stubs/payment-env.js';
import { listOrderCallbacks, PROVIDER_CHANNELS } from '../index.js';

// Issue 26 §7: the provider is asked with no transaction open, and the answer is recorded in its own.
let t: TestApp;
let alipay: AlipayStub;
let wechat: WechatPayStub;
beforeAll(async () => {
  [alipay, wechat] = await Promise.all([startAlipayStub(), startWechatPayStub()]);
  t = await buildTestApp({ env: paymentStubEnv(alipay, wechat) });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([alipay?.close(), wechat?.close()]);
});

const db = () => t.database.db;
const quiet = { info() {}, warn() {}, error() {} };

async function paidAlipayOrder() {
  const user = await givenUser(db());
  await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  const token = await givenSession(db(), user.id);
  const made = await call(
    t.app,
    'POST',
    '/api/recharge/makePayment',
    { rechargeChannelId: PROVIDER_CHANNELS.alipay.id, currencyCode: 'CNY', amount: 10_000 },
    token,
  );
  expect(made.status).toBe(0);
  await alipay.open(made.data.payUrl as string);
  alipay.pay(made.data.orderId as string);
  return { token, orderId: made.data.orderId as string };
}

function reconciler(nodeId: string) {
  const runner = createJobRunner({ db: db(), logger: quiet, pollMs: 50, nodeId });
  registerJobHandlers(runner, createAppContext({ config: t.config, database: t.database, live: t.live }));
  return runner;
}
const dueNow = () => db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'deposit.reconcile' AND state = 'pending'`);
const balance = async (token: string) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data.balance as number;

describe('deposit reconciliation and transactions', () => {
  it('asks Alipay while no transaction is open, then settles the paid order once', async () => {
    const { token, orderId } = await paidAlipayOrder();
    const before = await balance(token);
    const seen: number[] = [];
    alipay.beforeQuery = async () => void seen.push(await openTransactions(t.database));
    try {
      await dueNow();
      await reconciler('reconcile-a').runOnce();
    } finally {
      alipay.beforeQuery = null;
    }
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.every((n) => n === 0)).toBe(true);
    expect(await balance(token)).toBeGreaterThan(before);
    expect((await listOrderCallbacks(db(), orderId)).map((c) => c.outcome)).toEqual(['success: reconciled']);
  });

  it('a node that died after asking lets its lease lapse; the next asks again and settles once', async () => {
    const { token, orderId } = await paidAlipayOrder();
    const before = await balance(token);
    await dueNow();
    // The dead node claimed every due check (and asked, or not): nothing of it was recorded.
    const claimed = await claimDueJobs(db(), 'reconcile-dead', 100, 1);
    expect(claimed.some((j) => j.kind === 'deposit.reconcile')).toBe(true);
    await db().execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE locked_by = 'reconcile-dead'`);
    await reconciler('reconcile-b').runOnce();
    await dueNow();
    await reconciler('reconcile-c').runOnce();
    const credited = (await balance(token)) - before;
    expect(credited).toBeGreaterThan(0);
    expect((await listOrderCallbacks(db(), orderId)).map((c) => c.outcome).filter((o) => o === 'success: reconciled')).toHaveLength(1);
    await expectBooksBalanced(db());
  });
});
