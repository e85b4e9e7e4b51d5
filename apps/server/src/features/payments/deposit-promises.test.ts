import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorCatalogue } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, refused, registerUser, userSmsCodeFor } from '../../testing/auth-helpers.js';
import { deposit } from '../../testing/payment-helpers.js';
import { beijingDayStart, beijingTime } from '../../platform/db/beijing-day.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import { createAppContext, registerJobHandlers } from '../../app.js';

/**
 * Issue 30 §1 and §3 (decision 0050): the recharge panel promises only what the server will pay. A first
 * deposit made before real-name verification keeps its bonus, held, and pays it once on verification; a
 * player on a cool-off is promised nothing; a deposit-limit refusal says how much is left.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Player = { token: string; userId: number; mobile: string };

let seq = 400;
/** A valid mainland ID number (GB 11643 check character) for a distinct adult per call. */
const idCard = () => {
  const first17 = `11010119900101${String(++seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
};
const newPlayer = async (): Promise<Player> => {
  await db().execute(sql`DELETE FROM throttles WHERE key LIKE 'sms:%'`);
  return registerUser(t.app, db());
};
const verify = async (p: Player, card = idCard()) => {
  await db().execute(sql`DELETE FROM throttles WHERE key LIKE 'sms:%'`);
  const smsCode = await userSmsCodeFor(t.app, db(), p.token, p.mobile, 'verify');
  return call(t.app, 'POST', '/api/auth/verify', { realName: '张三', idCard: card, smsCode }, p.token);
};
const config = async (p: Player) => (await call(t.app, 'GET', '/api/recharge/rechargeConfig', {}, p.token)).data;
const balance = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data.balance as number;
const bonusFlows = async (p: Player) =>
  (await call(t.app, 'GET', '/api/personalCenter/getMyBalanceLog', { actionType: 'deposit_bonus' }, p.token)).data.pageData as Array<{
    changeAmount: number;
  }>;
const orderState = async (p: Player, orderId: string) =>
  (await call(t.app, 'GET', '/api/recharge/paymentState', { orderId }, p.token)).data;
const latestMessage = async (p: Player) => {
  const [first] = (await call(t.app, 'GET', '/api/message/listMessage', {}, p.token)).data.pageData;
  return (await call(t.app, 'GET', '/api/message/getMessageDetail', { id: first.id }, p.token)).data.content as string;
};

describe('first-deposit bonus before real-name verification', () => {
  it('tells an unverified player the bonus arrives after verification, holds it, and pays it once when they verify', async () => {
    const p = await newPlayer();
    expect((await config(p)).firstDepositBonus).toEqual({ payout: 'after_real_name', percent: 20, reason: null, pendingAmount: 0 });

    const orderId = await deposit(t, p.token, 100_000);
    const afterDeposit = await balance(p);
    expect(await bonusFlows(p)).toEqual([]);
    expect(await orderState(p, orderId)).toMatchObject({ creditAmount: 100_000, bonusAmount: 0, pendingBonusAmount: 20_000 });
    expect(await latestMessage(p)).toContain('首充奖励 ¥200 将在您完成实名认证后到账');
    expect((await config(p)).firstDepositBonus).toEqual({ payout: 'none', percent: 0, reason: 'pending', pendingAmount: 20_000 });

    expect((await verify(p)).status).toBe(0);
    expect(await balance(p)).toBe(afterDeposit + 20_000);
    expect((await bonusFlows(p)).map((f) => f.changeAmount)).toEqual([20_000]);
    expect(await orderState(p, orderId)).toMatchObject({ bonusAmount: 20_000, pendingBonusAmount: 0, firstRechargeFlag: true });
    expect(await latestMessage(p)).toContain('首充奖励 ¥200 已到账');
    expect((await config(p)).firstDepositBonus).toEqual({ payout: 'none', percent: 0, reason: 'recharged', pendingAmount: 0 });

    // A second verification is refused and pays nothing more.
    expect(await verify(p)).toEqual(refused('ALREADY_VERIFIED'));
    expect(await balance(p)).toBe(afterDeposit + 20_000);
    expect(await bonusFlows(p)).toHaveLength(1);
    await expectBooksBalanced(db());
  });

  it('pays the held bonus once when two certifications of the player pass at the same time', async () => {
    const p = await newPlayer();
    await deposit(t, p.token, 10_000);
    const before = await balance(p);
    const card = idCard();
    const starts = [];
    for (let i = 0; i < 2; i++)
      starts.push((await call(t.app, 'POST', '/api/auth/certify', { realName: '李四', idCard: card }, p.token)).data.certifyId as string);
    const complete = (certifyId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sandbox/certify/complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ certifyId, result: 'pass' }).toString(),
      });
    await Promise.all(starts.map(complete));
    expect(await balance(p)).toBe(before + 2_000);
    expect((await bonusFlows(p)).map((f) => f.changeAmount)).toEqual([2_000]);
    await expectBooksBalanced(db());
  });

  it('pays a verified player’s first deposit at once, as before', async () => {
    const p = await newPlayer();
    expect((await verify(p)).status).toBe(0);
    expect((await config(p)).firstDepositBonus).toEqual({ payout: 'on_deposit', percent: 20, reason: null, pendingAmount: 0 });
    const orderId = await deposit(t, p.token, 10_000);
    expect(await orderState(p, orderId)).toMatchObject({ bonusAmount: 2_000, pendingBonusAmount: 0 });
    expect((await bonusFlows(p)).map((f) => f.changeAmount)).toEqual([2_000]);
  });
});

describe('a held bonus and a cool-off', () => {
  it('stays held while a cool-off runs, even through verification, and is paid once when it ends', async () => {
    const p = await newPlayer();
    await deposit(t, p.token, 10_000);
    expect((await call(t.app, 'POST', '/api/protection/coolOff', { days: 1, confirm: true }, p.token)).status).toBe(0);
    const before = await balance(p);
    expect((await verify(p)).status).toBe(0);
    expect(await balance(p)).toBe(before);
    expect((await config(p)).firstDepositBonus).toMatchObject({ reason: 'pending', pendingAmount: 2_000 });
    // The cool-off ends (the clock moved by hand): the job scheduled for its end pays the bonus, once.
    await db().execute(sql`UPDATE player_protections SET excluded_until = now() - interval '1 minute' WHERE user_id = ${p.userId}`);
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'deposit.pending-bonus'`);
    const runner = createJobRunner({ db: db(), logger: { info() {}, warn() {}, error() {} }, pollMs: 50 });
    registerJobHandlers(runner, createAppContext({ config: t.config, database: t.database, live: t.live }));
    await runner.runOnce();
    await runner.runOnce();
    expect(await balance(p)).toBe(before + 2_000);
    expect((await bonusFlows(p)).map((f) => f.changeAmount)).toEqual([2_000]);
    await expectBooksBalanced(db());
  });
});

describe('a player on a cool-off', () => {
  it('is shown no first-deposit bonus', async () => {
    const p = await newPlayer();
    expect((await call(t.app, 'POST', '/api/protection/coolOff', { days: 1, confirm: true }, p.token)).status).toBe(0);
    const cfg = await config(p);
    expect(cfg.firstDepositBonus).toEqual({ payout: 'none', percent: 0, reason: 'excluded', pendingAmount: 0 });
  });
});

describe('a deposit-limit refusal', () => {
  it('says how much is left today, and the recharge config tells the panel before it submits', async () => {
    const p = await newPlayer();
    expect((await call(t.app, 'POST', '/api/protection/setLimit', { kind: 'deposit_day', value: 120_000 }, p.token)).status).toBe(0);
    await deposit(t, p.token, 100_000);
    // The next Beijing midnight, when the daily limit resets.
    const resets = beijingDayStart(new Date(), -1);
    expect((await config(p)).depositRoom).toEqual({ remaining: 20_000, limit: 120_000, period: 'day', resetsAt: resets.toISOString() });
    const res = await call(
      t.app,
      'POST',
      '/api/recharge/makePayment',
      { rechargeChannelId: 1, currencyCode: 'CNY', amount: 100_000 },
      p.token,
    );
    expect(res).toEqual({
      status: errorCatalogue.PROTECTION_DEPOSIT_LIMIT_LEFT.status,
      msg: `超出每日充值限额（¥1200.00）：今日还可充值 ¥200.00，将于 ${beijingTime(resets)} 重置。安全游戏帮助：/safer-play`,
      data: null,
    });
    // What is left still goes through; after it the limit is reached and says so.
    expect(
      (await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount: 20_000 }, p.token))
        .status,
    ).toBe(0);
    expect((await config(p)).depositRoom).toMatchObject({ remaining: 0 });
    expect(
      (await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount: 100 }, p.token)).status,
    ).toBe(errorCatalogue.PROTECTION_DEPOSIT_LIMIT.status);
  });

  it('gives no room to a player without deposit limits', async () => {
    const p = await newPlayer();
    expect((await config(p)).depositRoom).toBeNull();
  });
});
