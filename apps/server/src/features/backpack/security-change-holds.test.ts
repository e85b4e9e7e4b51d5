import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call, freshMobile, PASSWORD, smsCodeFor, userSmsCodeFor } from '../../testing/auth-helpers.js';
import { startFakeOpenIdProvider, type FakeOpenIdProvider } from '../../testing/fake-openid-provider.js';
import { holdsHarness } from '../../testing/withdrawal-holds.js';
import { readSmsOutbox } from '../../platform/providers/index.js';

/**
 * Issue 24 §2 (decision 0045): a login from a new device, a password set, change or reset and a phone change
 * hold withdrawals, and the player is told. (withdrawal-holds.test.ts: the trade link change and the console.)
 */
let t: TestApp;
let steam: FakeOpenIdProvider;
beforeAll(async () => {
  steam = await startFakeOpenIdProvider();
  t = await buildTestApp({
    env: { STEAM_OPENID_ENDPOINT: steam.endpoint, PUBLIC_URL: 'http://localhost:8080' },
  });
});
afterAll(async () => {
  await t?.close();
  await steam?.close();
});

const h = holdsHarness(() => t);
const { db, post, retrieve, holdReasons, noticeJobs, messages, securityTicket, playerWithItem, loginFrom, jobRunner, drain } = h;
beforeEach(h.clearSendLimits);
const clearSendLimits = h.clearSendLimits;

describe('other changes that hold withdrawals', () => {
  it('a login from a device and address never seen holds withdrawals; a known device or a known address does not', async () => {
    const p = await playerWithItem();
    expect(await holdReasons(p.userId)).toEqual([]); // the sign-up is not a new device
    const known = 'device-known-0000000001';
    expect((await loginFrom('127.0.0.1', known, 'login', { mobile: p.mobile, password: PASSWORD })).status).toBe(0);
    expect((await loginFrom('198.51.100.7', known, 'login', { mobile: p.mobile, password: PASSWORD })).status).toBe(0);
    expect(
      (
        await loginFrom('127.0.0.1', 'device-other-000000000002', 'login', {
          mobile: p.mobile,
          password: PASSWORD,
        })
      ).status,
    ).toBe(0);
    expect(await holdReasons(p.userId)).toEqual([]);
    expect((await retrieve(p)).status).toBe(0);

    const thief = await loginFrom('203.0.113.9', 'device-thief-000000000003', 'login', {
      mobile: p.mobile,
      password: PASSWORD,
    });
    expect(thief.status).toBe(0);
    expect(await holdReasons(p.userId)).toEqual(['new_device']);
    expect((await messages(p)).find((m) => m.content.includes('在新设备上登录'))?.content).toContain('IP 203.0.113.9');
    expect(await noticeJobs(p.mobile)).toEqual([{ payload: expect.objectContaining({ change: '在新设备上登录' }) }]);

    const code = await smsCodeFor(t.app, db(), p.mobile, 'smsLogin');
    expect((await loginFrom('192.0.2.44', 'device-thief-000000000004', 'smsLogin', { mobile: p.mobile, code })).status).toBe(0);
    expect(await holdReasons(p.userId)).toEqual(['new_device', 'new_device']);
  });

  it('a password reset, a password change and a password set after a security check each hold withdrawals', async () => {
    const p = await playerWithItem();
    const code = await smsCodeFor(t.app, db(), p.mobile, 'findPassword');
    expect(
      (
        await call(t.app, 'POST', '/api/auth/findPassword', {
          mobile: p.mobile,
          code,
          password: 'Newpass1!a',
        })
      ).status,
    ).toBe(0);
    expect(await holdReasons(p.userId)).toEqual(['password']);
    const again = await loginFrom('127.0.0.1', 'device-owner-0000000005', 'login', {
      mobile: p.mobile,
      password: 'Newpass1!a',
    });
    const owner = { ...p, token: again.data.token as string };
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/auth/changePassword',
          { oldPassword: 'Newpass1!a', newPassword: 'Newpass2!b', confirmPassword: 'Newpass2!b' },
          owner.token,
        )
      ).status,
    ).toBe(0);
    expect(
      (
        await post(owner, 'modifySecret', {
          securityToken: await securityTicket(owner),
          password: 'Newpass3!c',
        })
      ).status,
    ).toBe(0);
    expect(await holdReasons(p.userId)).toEqual(['password', 'password', 'password']);
    expect((await retrieve(owner)).status).toBe(errorStatus('WITHDRAWAL_HOLD'));
  });

  it('a phone change holds withdrawals and the number it replaced gets the SMS', async () => {
    const p = await playerWithItem();
    const oldCode = await userSmsCodeFor(t.app, db(), p.token, p.mobile, 'changePhone');
    const mobile = freshMobile();
    await clearSendLimits();
    const newCode = await smsCodeFor(t.app, db(), mobile, 'bindPhone');
    expect((await post(p, 'changePhone', { oldCode, mobile, newCode })).status).toBe(0);
    expect(await holdReasons(p.userId)).toEqual(['phone']);
    expect(await noticeJobs(p.mobile)).toEqual([{ payload: expect.objectContaining({ change: '绑定手机号已更换' }) }]);
    await drain(jobRunner());
    expect((await readSmsOutbox(db(), p.mobile, 1))[0]!.text).toContain('您的账户绑定手机号已更换');
    expect((await retrieve(p)).status).toBe(errorStatus('WITHDRAWAL_HOLD'));
  });
});

describe('a Steam login from a new device', () => {
  const cookiePair = (headers: Record<string, unknown>, name: string) =>
    ([headers['set-cookie'] ?? []].flat() as string[]).find((h) => h.startsWith(`${name}=`))?.split(';')[0] ?? '';

  /** The whole round trip as one browser makes it, from `ip` with device id `deviceId`. */
  async function steamLogin(steamId: string, ip: string, deviceId: string) {
    const started = await t.app.inject({
      method: 'GET',
      url: '/api/auth/steamLogin?adult=true',
      remoteAddress: ip,
    });
    const returnTo = new URL(started.headers.location as string).searchParams.get('openid.return_to')!;
    const back = await t.app.inject({
      method: 'GET',
      url: steam.approve(returnTo, steamId),
      remoteAddress: ip,
      headers: { cookie: cookiePair(started.headers, 'sf_openid_state') },
    });
    const code = new URL(back.headers.location as string, 'http://localhost:8080').searchParams.get('code')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/steamExchange',
      remoteAddress: ip,
      headers: { cookie: cookiePair(started.headers, 'sf_steam_login'), 'device-id': deviceId },
      payload: { code },
    });
    return res.json();
  }

  it('holds withdrawals after a Steam exchange from a new device and address, not after the sign-up or a known device', async () => {
    const steamId = `7656119${String(9_000_000_000 + (process.pid % 100_000) * 10).padStart(10, '0')}`;
    const created = await steamLogin(steamId, '127.0.0.1', 'device-steam-0000000001');
    expect(created).toMatchObject({ status: 0, data: { register: true } });
    const userId = created.data.userId as number;
    expect((await steamLogin(steamId, '127.0.0.1', 'device-steam-0000000001')).status).toBe(0);
    expect(await holdReasons(userId)).toEqual([]);
    expect((await steamLogin(steamId, '203.0.113.77', 'device-steam-0000000099')).status).toBe(0);
    expect(await holdReasons(userId)).toEqual(['new_device']);
  });
});
