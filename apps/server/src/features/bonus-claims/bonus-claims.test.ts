import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errorCatalogue } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { deposit } from '../../testing/payment-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { createGoldenCode } from '../golden-code/index.js';
import { grantWelcomeRedPacket } from '../vouchers/index.js';
import { refused } from '../../testing/auth-helpers.js';

let t: TestApp;
let freeBoxId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const [free] = await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM boxes WHERE box_type = 0 AND enabled ORDER BY id LIMIT 1`);
  freeBoxId = toInt(free!.id);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Player = { token: string; userId: number };
const newDevice = () => randomBytes(16).toString('hex');

/** A call as the web app makes it: the token and, when given, the device id header. */
async function api(method: 'GET' | 'POST', url: string, params: Record<string, unknown>, p: Player, device?: string) {
  const headers: Record<string, string> = { token: p.token, ...(device ? { 'device-id': device } : {}) };
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res =
    method === 'GET'
      ? await t.app.inject({ method, url: `${url}?${qs}`, headers })
      : await t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: qs });
  return res.json() as { status: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A signed-up player: the account, a session and the welcome red packet sign-up grants. The bonus caps,
 * not sign-up or the real-name check (their own tests), are what this file is about.
 */
async function newPlayer(): Promise<Player> {
  const user = await givenUser(db());
  await grantWelcomeRedPacket(db(), user.id);
  return { userId: user.id, token: await givenSession(db(), user.id) };
}

/** Real-name verified as a person (an ID hash, as the certification leaves it); a new person unless given. */
let personSeq = 0;
async function verify(p: Player, idCardHash = `id-hash-${process.pid}-${++personSeq}`) {
  await db().execute(sql`UPDATE users SET id_card_hash = ${idCardHash}, verified_at = now() WHERE id = ${p.userId}`);
  return idCardHash;
}
/** Invited by `inviter`, through the partner page's bindInviter. */
async function invitedBy(inviter: Player): Promise<Player> {
  const p = await newPlayer();
  const code = (await api('GET', '/api/promotion/getPromotionInfo', {}, inviter)).data.invitationCode as string;
  expect((await api('POST', '/api/personalCenter/bindInviter', { invitationCode: code }, p)).status).toBe(0);
  return p;
}
/** Any logged-in call from a device records it (the web app sends the header on every call). */
const useDevice = (p: Player, device: string) => api('GET', '/api/personalCenter/userInfo', {}, p, device);

const welcomeId = async (p: Player) =>
  (await api('GET', '/api/personalCenter/getMyRewardPage', {}, p)).data.pageData.find(
    (v: { voucherName: string }) => v.voucherName === '新人红包',
  ).id as number;
const openWelcome = async (p: Player, device?: string) =>
  api('POST', '/api/personalCenter/useRewardVoucher', { rewardVoucherIds: String(await welcomeId(p)) }, p, device);
const balances = async (p: Player) => {
  const me = (await api('GET', '/api/personalCenter/userInfo', {}, p)).data;
  return { coin: me.balance as number, point: me.integral as number, secondary: me.secondaryBalance as number };
};
const bonusOf = async (p: Player, orderId: string) =>
  (await api('GET', '/api/recharge/paymentState', { orderId }, p)).data.bonusAmount as number;

describe('welcome red packet: once per device and per identity', () => {
  it('opens on one account per device; a second account on that device is refused, on its own device it opens', async () => {
    const device = newDevice();
    const a = await newPlayer();
    const b = await newPlayer();
    expect((await openWelcome(a, device)).data).toMatchObject({ amount: 188 });
    expect(await openWelcome(b, device)).toEqual(refused('BONUS_DEVICE_CLAIMED'));
    // No device (or one of the wrong shape, which is ignored) leaves nothing to cap an unverified account by.
    expect(await openWelcome(b)).toEqual(refused('BONUS_DEVICE_REQUIRED'));
    expect(await openWelcome(b, 'not a device id!')).toEqual(refused('BONUS_DEVICE_REQUIRED'));
    expect((await openWelcome(b, newDevice())).data).toMatchObject({ amount: 188 });
    await expectBooksBalanced(db());
  });

  it('refuses the same person on another account and another device', async () => {
    const a = await newPlayer();
    const id = await verify(a);
    expect((await openWelcome(a, newDevice())).status).toBe(0);
    // The ID number is freed from the first account (an operator unbinding it) and verified on a second.
    await db().execute(sql`UPDATE users SET id_card_hash = NULL, verified_at = NULL WHERE id = ${a.userId}`);
    const b = await newPlayer();
    await verify(b, id);
    expect(await openWelcome(b, newDevice())).toEqual(refused('BONUS_IDENTITY_CLAIMED'));
  });
});

describe('first-deposit bonus: real-name verified, once per identity and per device', () => {
  it('is not paid to an unverified player, nor to a second account on the same device', async () => {
    const device = newDevice();
    const unverified = await newPlayer();
    await useDevice(unverified, newDevice());
    expect(await bonusOf(unverified, await deposit(t, unverified.token, 10_000))).toBe(0);
    const messages = (await api('GET', '/api/message/listMessage', {}, unverified)).data;
    // Held until the player verifies (issue 30 §1, decision 0050), and the message says so.
    expect(JSON.stringify(messages)).toContain('首充奖励 ¥20 将在您完成实名认证后到账');

    const a = await newPlayer();
    await verify(a);
    await useDevice(a, device);
    expect(await bonusOf(a, await deposit(t, a.token, 10_000))).toBe(2_000);
    const b = await newPlayer();
    await verify(b);
    await useDevice(b, device);
    expect(await bonusOf(b, await deposit(t, b.token, 10_000))).toBe(0);
    await expectBooksBalanced(db());
  });

  it('is not paid twice to one person', async () => {
    const a = await newPlayer();
    const id = await verify(a);
    await useDevice(a, newDevice());
    expect(await bonusOf(a, await deposit(t, a.token, 10_000))).toBe(2_000);
    await db().execute(sql`UPDATE users SET id_card_hash = NULL, verified_at = NULL WHERE id = ${a.userId}`);
    const b = await newPlayer();
    await verify(b, id);
    await useDevice(b, newDevice());
    expect(await bonusOf(b, await deposit(t, b.token, 10_000))).toBe(0);
  });
});

describe('Golden Codes and free boxes: once per device', () => {
  it('refuses a second account on the same device a Golden Code, and keeps the use', async () => {
    await runInTransaction(db(), ({ tx }) =>
      createGoldenCode(tx, {
        code: 'DEVICECAP01',
        rewardType: 'coin',
        amountFen: 500,
        maxUses: 10,
        expiresAt: new Date(Date.now() + 86_400_000),
      }),
    );
    const device = newDevice();
    const a = await newPlayer();
    const b = await newPlayer();
    expect(await api('POST', '/api/redPacket/receive', { code: 'DEVICECAP01' }, a, device)).toMatchObject({
      status: 0,
      data: { rewardType: 'coin', amount: 500 },
    });
    expect(await api('POST', '/api/redPacket/receive', { code: 'DEVICECAP01' }, b, device)).toEqual(refused('BONUS_DEVICE_CLAIMED'));
    expect((await balances(b)).coin).toBe(0);
    const [row] = await queryRows<{ used: unknown }>(db(), sql`SELECT used_count AS used FROM golden_codes WHERE code = 'DEVICECAP01'`);
    expect(toInt(row?.used)).toBe(1);
    expect((await api('POST', '/api/redPacket/receive', { code: 'DEVICECAP01' }, b, newDevice())).status).toBe(0);
  });

  it('opens today’s free box on one account per device', async () => {
    const device = newDevice();
    const a = await newPlayer();
    const b = await newPlayer();
    await verify(a);
    await verify(b);
    const grantOf = async (p: Player) => (await api('GET', '/api/personalCenter/getMyFreeBoxPage', {}, p)).data.pageData[0];
    const ga = await grantOf(a);
    const gb = await grantOf(b);
    expect(ga).toMatchObject({ boxId: freeBoxId, reason: 'daily', used: false });
    expect((await api('POST', '/api/personalCenter/openFreeBox', { id: ga.id }, a, device)).status).toBe(0);
    expect(await api('POST', '/api/personalCenter/openFreeBox', { id: gb.id }, b, device)).toEqual(refused('BONUS_DEVICE_CLAIMED'));
    expect(await grantOf(b)).toMatchObject({ id: gb.id, used: false });
  });
});

describe('invitee rebates go to the inviter’s secondary balance, never between one person or device', () => {
  it('pays no rebate for an unverified invitee or one who shares the inviter’s device', async () => {
    const device = newDevice();
    const inviter = await newPlayer();
    await useDevice(inviter, device);
    const sameDevice = await invitedBy(inviter);
    await verify(sameDevice);
    await useDevice(sameDevice, device);
    await deposit(t, sameDevice.token, 10_000);
    const unverified = await invitedBy(inviter);
    await useDevice(unverified, newDevice());
    await deposit(t, unverified.token, 10_000);
    expect(await balances(inviter)).toEqual({ coin: 0, point: 0, secondary: 0 });
    expect((await api('GET', '/api/promotion/getPromotionInfo', {}, inviter)).data).toMatchObject({
      accumulatedRegisterCount: 2,
      accumulatedRechargeAmount: 0,
      accumulatedRebateAmount: 0,
    });
  });

  it('credits the rebate of a verified invitee on another device to secondary, which transferSecondary turns into coins', async () => {
    const inviter = await newPlayer();
    await useDevice(inviter, newDevice());
    const invitee = await invitedBy(inviter);
    await verify(invitee);
    await useDevice(invitee, newDevice());
    await deposit(t, invitee.token, 50_000);
    await deposit(t, invitee.token, 10_000);
    expect(await balances(inviter)).toEqual({ coin: 0, point: 0, secondary: 600 });
    expect(await api('POST', '/api/personalCenter/transferSecondary', { amount: 600 }, inviter)).toEqual({
      status: 0,
      msg: '',
      data: { balance: 600, secondaryBalance: 0 },
    });
    const flows = (await api('GET', '/api/personalCenter/getMyBalanceLog', {}, inviter)).data.pageData;
    expect(
      flows.map((f: { actionType: string; balanceType: number; changeAmount: number }) => [f.actionType, f.balanceType, f.changeAmount]),
    ).toEqual([
      ['secondary_transfer', 0, 600],
      ['secondary_transfer', 2, -600],
      ['promotion_rebate', 2, 100],
      ['promotion_rebate', 2, 500],
    ]);
    await expectBooksBalanced(db());
  });
});

describe('points from VIP level-ups', () => {
  it('credits points on reaching a grade, and an opening spends coins first, then points', async () => {
    const p = await newPlayer();
    await useDevice(p, newDevice());
    await deposit(t, p.token, 10_000); // ¥100 reaches VIP 1: ¥2 in coins and ¥5 in points
    expect(await balances(p)).toEqual({ coin: 10_200, point: 500, secondary: 0 });
    const grade = (await api('GET', '/api/personalCenter/getGradeInfo', {}, p)).data;
    expect(grade.grades[1]).toMatchObject({ grade: 1, levelPoints: 500, received: true });
    // Spend the coins down through real openings until the cheapest box costs more than the coins left.
    const boxes = (
      await queryRows<{ id: unknown; price_fen: unknown }>(
        db(),
        sql`SELECT id, price_fen FROM boxes WHERE box_type = 1 AND enabled ORDER BY price_fen, id`,
      )
    ).map((b) => ({ id: toInt(b.id), price: toInt(b.price_fen) }));
    const cheapest = boxes[0]!;
    expect(cheapest.price).toBeLessThanOrEqual(500);
    const open = (boxId: number, number: number) => api('POST', '/api/case/openCase', { caseId: boxId, number }, p);
    for (let coin = 10_200; coin >= cheapest.price; coin = (await balances(p)).coin) {
      const pick = [...boxes].reverse().find((b) => b.price <= coin)!;
      expect((await open(pick.id, Math.min(10, Math.floor(coin / pick.price)))).status).toBe(0);
    }
    const before = await balances(p);
    expect((await open(cheapest.id, 1)).status).toBe(0);
    const fromPoints = cheapest.price - before.coin;
    expect(await balances(p)).toEqual({ coin: 0, point: 500 - fromPoints, secondary: 0 });
    const pointFlows = (await api('GET', '/api/personalCenter/getMyBalanceLog', { balanceType: 1 }, p)).data.pageData;
    expect(pointFlows.map((f: { actionType: string; changeAmount: number }) => [f.actionType, f.changeAmount])).toEqual([
      ['case_open', -fromPoints],
      ['vip_points', 500],
    ]);
    await expectBooksBalanced(db());
  });
});

describe.skipIf(!usingPostgres())('bonus claims under concurrency (PostgreSQL)', () => {
  it('two accounts on one device opening the welcome red packet at once: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const device = newDevice();
      const players = [await newPlayer(), await newPlayer()];
      const ids = await Promise.all(players.map(welcomeId));
      const results = await Promise.all(
        players.map((p, i) => api('POST', '/api/personalCenter/useRewardVoucher', { rewardVoucherIds: String(ids[i]) }, p, device)),
      );
      expect(results.map((r) => r.status).sort()).toEqual([0, errorCatalogue.BONUS_DEVICE_CLAIMED.status]);
    }
    await expectBooksBalanced(db());
  });

  it('two verified accounts on one device depositing at once: exactly one first-deposit bonus', async () => {
    const device = newDevice();
    const players = [await newPlayer(), await newPlayer()];
    for (const p of players) {
      await verify(p);
      await useDevice(p, device);
    }
    const orders = await Promise.all(players.map((p) => deposit(t, p.token, 10_000)));
    const bonuses = await Promise.all(players.map((p, i) => bonusOf(p, orders[i]!)));
    expect(bonuses.sort()).toEqual([0, 2_000]);
    await expectBooksBalanced(db());
  });
});
