import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { usingPostgres } from '../../testing/test-db.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call, refused, registerUser, userSmsCodeFor } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { updateUser } from './index.js';

/** Issue 24 §1 and §3 (decision 0045): who may set or replace a trade link, and to which Steam account. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const P = '/api/personalCenter';
const db = () => t.database.db;
type Player = { token: string; userId: number; mobile?: string };

const link = (partner: number | string, token = 'AbCdEf12') =>
  `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=${token}`;
let steamCounter = 0;
/** A Steam account of the test's own, and the partner id its trade links carry (SteamID64 − 76561197960265728). */
function steamAccount() {
  const steamId = String(76561198000000000n + BigInt(process.pid % 1000) * 1000n + BigInt(++steamCounter));
  return { steamId, partner: Number(BigInt(steamId) - 76561197960265728n) };
}

const post = (p: Player, name: string, params: Record<string, unknown> = {}) => call(t.app, 'POST', `${P}/${name}`, params, p.token);
const info = async (p: Player) => (await call(t.app, 'GET', `${P}/userInfo`, {}, p.token)).data;
const clearSendLimits = () => db().execute(sql`DELETE FROM throttles WHERE key LIKE 'sms:%' OR key LIKE 'mail:%'`);
const holds = async (userId: number) =>
  queryRows<{ reason: string }>(db(), sql`SELECT reason FROM withdrawal_holds WHERE user_id = ${userId} ORDER BY id`);
async function phoneTicket(p: Player): Promise<string> {
  await clearSendLimits();
  const code = await userSmsCodeFor(t.app, db(), p.token, p.mobile!, 'security');
  const res = await post(p, 'securityCheck', { type: 0, code });
  expect(res.status).toBe(0);
  return res.data.securityToken as string;
}
async function newPlayer(): Promise<Player> {
  await clearSendLimits();
  return registerUser(t.app, db());
}

describe('setting and replacing the trade link (issue 24 §1)', () => {
  it('sets the first link on the session alone; the same link again changes nothing and holds nothing', async () => {
    const p = await newPlayer();
    expect(await post(p, 'modifyTradeUrl', { tradeUrl: link(111) })).toEqual({
      status: 0,
      msg: '',
      data: true,
    });
    expect(await post(p, 'updateTradeUrl', { tradeUrl: link(111) })).toEqual({
      status: 0,
      msg: '',
      data: true,
    });
    expect(await info(p)).toMatchObject({ tradeUrl: link(111), withdrawalHoldUntil: null });
    expect(await holds(p.userId)).toEqual([]);
  });

  for (const route of ['modifyTradeUrl', 'updateTradeUrl']) {
    it(`${route}: a stolen session cannot replace an existing link without the phone's security ticket`, async () => {
      const p = await newPlayer();
      expect((await post(p, route, { tradeUrl: link(222) })).status).toBe(0);
      // The thief has the token only: no ticket, a made-up one, or the account's own ticket from a mail check.
      expect(await post(p, route, { tradeUrl: link(666, 'Thief999') })).toEqual(refused('SECURITY_CHECK_REQUIRED'));
      expect(await post(p, route, { tradeUrl: link(666, 'Thief999'), securityToken: 'guessed-ticket-000000' })).toEqual(
        refused('SECURITY_CHECK_REQUIRED'),
      );
      expect((await info(p)).tradeUrl).toBe(link(222));
      expect(await holds(p.userId)).toEqual([]);

      // The owner passes the check by phone: the change goes through once, and withdrawals wait.
      const ticket = await phoneTicket(p);
      expect(await post(p, route, { tradeUrl: link(333), securityToken: ticket })).toEqual({
        status: 0,
        msg: '',
        data: true,
      });
      const after = await info(p);
      expect(after.tradeUrl).toBe(link(333));
      const waitH = (Date.parse(after.withdrawalHoldUntil) - Date.now()) / 3_600_000;
      expect(waitH).toBeGreaterThan(23.9);
      expect(waitH).toBeLessThanOrEqual(24);
      expect(await holds(p.userId)).toEqual([{ reason: 'trade_url' }]);
      expect(await post(p, route, { tradeUrl: link(444), securityToken: ticket })).toEqual(refused('SECURITY_CHECK_REQUIRED'));
      expect((await info(p)).tradeUrl).toBe(link(333));
    });
  }

  it('refuses a mail-passed ticket on an account with a phone: the phone must vouch', async () => {
    const p = await newPlayer();
    expect((await post(p, 'modifyTradeUrl', { tradeUrl: link(555) })).status).toBe(0);
    await updateUser(db(), p.userId, { email: 'owner@example.com' });
    const { issueTicket } = await import('../../platform/auth/index.js');
    const mailTicket = await issueTicket(db(), {
      kind: 'security',
      userId: p.userId,
      payload: { way: 1 },
      ttlSeconds: 600,
    });
    expect(await post(p, 'modifyTradeUrl', { tradeUrl: link(556), securityToken: mailTicket })).toEqual(refused('SECURITY_CHECK_REQUIRED'));
    expect((await info(p)).tradeUrl).toBe(link(555));
  });

  it('lets a Steam-only account (nothing to prove with) replace its own-account link, and holds withdrawals', async () => {
    const { steamId, partner: OWN_PARTNER } = steamAccount();
    const user = await givenUser(db());
    await updateUser(db(), user.id, { steamId });
    const p = { userId: user.id, token: await givenSession(db(), user.id) };
    expect((await post(p, 'modifyTradeUrl', { tradeUrl: link(OWN_PARTNER) })).status).toBe(0);
    expect(await holds(p.userId)).toEqual([]);
    expect((await post(p, 'modifyTradeUrl', { tradeUrl: link(OWN_PARTNER, 'NewTok77') })).status).toBe(0);
    expect(await holds(p.userId)).toEqual([{ reason: 'trade_url' }]);
    expect((await info(p)).withdrawalHoldUntil).not.toBeNull();
  });
});

describe('the trade link belongs to the bound Steam account (issue 24 §3)', () => {
  it('refuses a link whose partner is another Steam account, first or replacing, before the ticket is spent', async () => {
    const { steamId, partner: OWN_PARTNER } = steamAccount();
    const p = await newPlayer();
    await updateUser(db(), p.userId, { steamId });
    const mismatch = {
      status: 9202,
      msg: '该交易链接不属于您绑定的 Steam 账户，请填写绑定账户的交易链接',
      data: null,
    };
    expect(await post(p, 'modifyTradeUrl', { tradeUrl: link(OWN_PARTNER + 1) })).toEqual(mismatch);
    expect((await info(p)).tradeUrl).toBeNull();
    expect((await post(p, 'modifyTradeUrl', { tradeUrl: link(`00${OWN_PARTNER}`) })).status).toBe(0);

    const ticket = await phoneTicket(p);
    expect(await post(p, 'updateTradeUrl', { tradeUrl: link(123), securityToken: ticket })).toEqual(mismatch);
    // The ticket was not spent on the refused link.
    expect(await post(p, 'updateTradeUrl', { tradeUrl: link(OWN_PARTNER, 'Other123'), securityToken: ticket })).toMatchObject({
      status: 0,
    });
    expect((await info(p)).tradeUrl).toBe(link(OWN_PARTNER, 'Other123'));
  });

  it('refuses partner ids outside 32 bits and extra or reordered parameters', async () => {
    const p = await newPlayer();
    for (const tradeUrl of [
      link(0),
      link(4_294_967_296),
      `${link(123)}&x=1`,
      'https://steamcommunity.com/tradeoffer/new/?token=AbCdEf12&partner=123',
    ])
      expect(await post(p, 'modifyTradeUrl', { tradeUrl }), tradeUrl).toEqual(refused('TRADE_URL_INVALID'));
    const [row] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM users WHERE id = ${p.userId} AND trade_url IS NOT NULL`,
    );
    expect(toInt(row?.n)).toBe(0);
  });
});

describe.skipIf(!usingPostgres())('first links racing (PostgreSQL)', () => {
  it('of two first links sent at once without a ticket, one is set and the other needs the security check', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await newPlayer();
      const results = await Promise.all([
        post(p, 'modifyTradeUrl', { tradeUrl: link(800 + round) }),
        post(p, 'updateTradeUrl', { tradeUrl: link(900 + round, 'Thief999') }),
      ]);
      expect(
        results.filter((r) => r.status === 0),
        `round ${round}`,
      ).toHaveLength(1);
      expect(results.filter((r) => r.status === refused('SECURITY_CHECK_REQUIRED').status)).toHaveLength(1);
      const winner = results[0]!.status === 0 ? link(800 + round) : link(900 + round, 'Thief999');
      expect((await info(p)).tradeUrl).toBe(winner);
      expect(await holds(p.userId)).toEqual([]);
    }
  });
});
