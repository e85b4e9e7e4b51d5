import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { errorCatalogue } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, freshMobile, mailCodeFor, PASSWORD, refused, registerUser, smsCodeFor, userSmsCodeFor } from '../../testing/auth-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const P = '/api/personalCenter';
const db = () => t.database.db;
type Player = { token: string; userId: number; mobile: string };

/** These tests ask for many codes a minute from one address; the send throttles have their own tests. */
const clearSendLimits = () => db().execute(sql`DELETE FROM throttles WHERE key LIKE 'sms:%' OR key LIKE 'mail:%'`);
const newPlayer = async (): Promise<Player> => {
  await clearSendLimits();
  return registerUser(t.app, db());
};
const smsCode = async (p: Player, type: string) => {
  await clearSendLimits();
  return userSmsCodeFor(t.app, db(), p.token, p.mobile, type);
};
const guestCode = async (mobile: string, type: string) => {
  await clearSendLimits();
  return smsCodeFor(t.app, db(), mobile, type);
};
const mailCode = async (p: Player, email: string, type: 'bindMail' | 'security' = 'bindMail') => {
  await clearSendLimits();
  return mailCodeFor(t.app, db(), p.token, email, type);
};
const post = (p: Player, name: string, params: Record<string, unknown> = {}) => call(t.app, 'POST', `${P}/${name}`, params, p.token);
const get = (p: Player, name: string) => call(t.app, 'GET', `${P}/${name}`, {}, p.token);
const info = async (p: Player) => (await get(p, 'userInfo')).data;
const securityToken = async (p: Player): Promise<string> => {
  const res = await post(p, 'securityCheck', { type: 0, code: await smsCode(p, 'security') });
  expect(res.status).toBe(0);
  return res.data.securityToken;
};
const login = (mobile: string, password: string) => call(t.app, 'POST', '/api/auth/login', { mobile, password });
const httpStatusOf = async (token: string) => (await t.app.inject({ method: 'GET', url: `${P}/userInfo`, headers: { token } })).statusCode;
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const email = () => `m${randomBytes(4).toString('hex')}@example.com`;

function multipartFile(content: Buffer, filename: string, type: string) {
  const boundary = `----skinfair${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}
const upload = async (p: Player, body: { headers: Record<string, string>; payload: Buffer }) =>
  (
    await t.app.inject({ method: 'POST', url: `${P}/uploadAvatar`, headers: { ...body.headers, token: p.token }, payload: body.payload })
  ).json();

describe('userInfo', () => {
  it('shows a new player their masked number, zero balances and an unverified account that can spend', async () => {
    const p = await newPlayer();
    const res = await get(p, 'userInfo');
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({
      id: p.userId,
      mobile: masked(p.mobile),
      email: null,
      tradeUrl: null,
      balance: 0,
      integral: 0,
      secondaryBalance: 0,
      verified: false,
      canSpend: true,
      hasPassword: true,
      steamId: null,
      inviter: null,
    });
    expect(res.data.mobile).toMatch(/^139\*{4}\d{4}$/);
    expect(JSON.stringify(res.data)).not.toContain(p.mobile);
    expect(res.data.nickname).toMatch(/^玩家\d{8}$/);
    expect(Number.isNaN(Date.parse(res.data.createTime))).toBe(false);
  });

  it('answers HTTP 401 with the login envelope without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${P}/userInfo` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(refused('NOT_LOGGED_IN'));
  });
});

describe('nickname and avatar', () => {
  let p: Player;
  beforeAll(async () => {
    p = await newPlayer();
  });

  it('changes the nickname, and refuses a too short one or special characters', async () => {
    expect(await post(p, 'modifyNickname', { nickname: '刀锋_玩家-1' })).toEqual({ status: 0, msg: '', data: true });
    for (const nickname of ['a', '坏<script>', 'ab!@#', '']) {
      expect(await post(p, 'modifyNickname', { nickname }), nickname).toEqual(refused('NICKNAME_INVALID'));
    }
    expect(errorCatalogue.NICKNAME_INVALID.zh).toMatch(/^昵称需为2-16个字符/);
    expect((await info(p)).nickname).toBe('刀锋_玩家-1');
  });

  it('lists 12 built-in avatars, picks a listed one and refuses an unlisted or empty one', async () => {
    const list = await call(t.app, 'GET', '/api/common/getHeadPicList');
    expect(list.status).toBe(0);
    expect(list.data).toHaveLength(12);
    for (const pic of list.data) expect(pic).toMatch(/^\/avatars\/default\/\d{2}\.svg$/);
    expect(await post(p, 'uploadAvatarV2', { avatar: list.data[3] })).toEqual({ status: 0, msg: '', data: { avatar: list.data[3] } });
    for (const avatar of ['/avatars/default/99.svg', 'https://evil.example/x.png', '']) {
      expect(await post(p, 'uploadAvatarV2', { avatar }), avatar).toEqual(refused('AVATAR_REQUIRED'));
    }
    expect(await post(p, 'uploadAvatarV2')).toEqual(refused('AVATAR_REQUIRED'));
    expect((await info(p)).avatar).toBe(list.data[3]);
  });

  it('re-encodes an uploaded PNG as a WebP file under the image directory', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const res = await upload(p, multipartFile(png, 'me.png', 'image/png'));
    expect(res.status).toBe(0);
    expect(res.data.avatar).toMatch(new RegExp(`^/avatars/u/${p.userId}-[0-9a-f]+\\.webp$`));
    const bytes = fs.readFileSync(path.join(t.config.imageDir, res.data.avatar));
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect((await info(p)).avatar).toBe(res.data.avatar);
  });

  it('refuses a text file named .png and a request that is not multipart, keeping the avatar', async () => {
    const before = (await info(p)).avatar;
    expect(await upload(p, multipartFile(Buffer.from('just some text, not an image'), 'fake.png', 'image/png'))).toEqual(
      refused('IMAGE_INVALID'),
    );
    expect(await post(p, 'uploadAvatar')).toEqual(refused('IMAGE_INVALID'));
    expect((await info(p)).avatar).toBe(before);
  });

  it('answers a damaged image (a sound header, broken pixels) and a broken form as an invalid image, not an internal error', async () => {
    const before = (await info(p)).avatar;
    const noise = Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251));
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const whole = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
        .toFormat(format)
        .toBuffer();
      const damaged = Buffer.concat([whole.subarray(0, Math.floor(whole.length / 2)), Buffer.alloc(64, 0xff)]);
      expect(await upload(p, multipartFile(damaged, `broken.${format}`, type)), format).toEqual(refused('IMAGE_INVALID'));
    }
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const unterminated = multipartFile(png, 'me.png', 'image/png');
    unterminated.payload = unterminated.payload.subarray(0, unterminated.payload.length - 20);
    expect((await upload(p, unterminated)).status).toBe(errorCatalogue.IMAGE_INVALID.status);
    expect((await info(p)).avatar).toBe(before);
  });
});

describe('trade URL', () => {
  const good = 'https://steamcommunity.com/tradeoffer/new/?partner=12345678&token=AbCdEf12';
  const bad = [
    'http://steamcommunity.com/tradeoffer/new/?partner=12345678&token=AbCdEf12',
    'https://steamcommunity.com/tradeoffer/new/?partner=12345678',
    'https://steamcommunity.example.com/tradeoffer/new/?partner=12345678&token=AbCdEf12',
    '',
  ];

  for (const route of ['modifyTradeUrl', 'updateTradeUrl']) {
    it(`${route} saves a Steam trade-offer link and refuses anything else unchanged`, async () => {
      const p = await newPlayer();
      expect(await post(p, route, { tradeUrl: good })).toEqual({ status: 0, msg: '', data: true });
      expect((await info(p)).tradeUrl).toBe(good);
      for (const tradeUrl of bad) {
        expect(await post(p, route, { tradeUrl }), tradeUrl).toEqual({ status: 3006, msg: '请输入正确的交易链接', data: null });
      }
      expect(await post(p, route)).toEqual(refused('TRADE_URL_INVALID'));
      expect((await info(p)).tradeUrl).toBe(good);
    });
  }
});

describe('mail and security checks', () => {
  it('binds a mail address with its code, refuses a wrong code and a second binding', async () => {
    const p = await newPlayer();
    const address = email();
    const code = await mailCode(p, address);
    expect(await post(p, 'bindMail', { email: address, code: wrong(code), securityToken: await securityToken(p) })).toEqual(
      refused('SMS_CODE_INVALID'),
    );
    expect((await info(p)).email).toBeNull();
    expect(await post(p, 'bindMail', { email: address, code, securityToken: await securityToken(p) })).toEqual({
      status: 0,
      msg: '',
      data: true,
    });
    expect((await info(p)).email).toBe(`${address[0]}***@example.com`);

    const other = email();
    expect(await post(p, 'bindMail', { email: other, code: await mailCode(p, other), securityToken: await securityToken(p) })).toEqual(
      refused('SECURITY_CHECK_REQUIRED'),
    );
    expect((await info(p)).email).toBe(`${address[0]}***@example.com`);
  });

  it('turns an SMS code into a single-use security token, switches the preferred way and refuses reuse', async () => {
    const p = await newPlayer();
    const code = await smsCode(p, 'security');
    expect(await post(p, 'securityCheck', { type: 0, code: wrong(code) })).toEqual(refused('SMS_CODE_INVALID'));
    expect(await post(p, 'securityCheck', { type: 1, code })).toEqual(refused('SECURITY_WAY_UNAVAILABLE'));
    const check = await post(p, 'securityCheck', { type: 0, code });
    expect(check).toMatchObject({ status: 0, data: { expiresIn: 600 } });
    expect(check.data.securityToken.length).toBeGreaterThan(20);
    expect((await get(p, 'getAvailableSecurityWay')).data).toEqual([{ type: 0, target: masked(p.mobile), preferred: true }]);

    const address = email();
    await post(p, 'bindMail', { email: address, code: await mailCode(p, address), securityToken: await securityToken(p) });
    const ways = (await get(p, 'getAvailableSecurityWay')).data;
    expect(ways).toEqual([
      { type: 0, target: masked(p.mobile), preferred: true },
      { type: 1, target: `${address[0]}***@example.com`, preferred: false },
    ]);

    expect(await post(p, 'bindSecurityWay', { type: 1, securityToken: check.data.securityToken })).toEqual({
      status: 0,
      msg: '',
      data: true,
    });
    expect((await info(p)).securityWay).toBe(1);
    expect((await get(p, 'getAvailableSecurityWay')).data.map((w: { preferred: boolean }) => w.preferred)).toEqual([false, true]);
    expect(await post(p, 'bindSecurityWay', { type: 0, securityToken: check.data.securityToken })).toEqual(
      refused('SECURITY_CHECK_REQUIRED'),
    );
    expect((await info(p)).securityWay).toBe(1);
  });

  it('changes the mail address only with a fresh security token and the new address code', async () => {
    const p = await newPlayer();
    const first = email();
    await post(p, 'bindMail', { email: first, code: await mailCode(p, first), securityToken: await securityToken(p) });
    const next = email();
    const code = await mailCode(p, next);
    expect(await post(p, 'changeMail', { email: next, code, securityToken: 'not-a-real-token-000000' })).toEqual(
      refused('SECURITY_CHECK_REQUIRED'),
    );
    expect(await post(p, 'changeMail', { email: next, code: wrong(code), securityToken: await securityToken(p) })).toEqual(
      refused('SMS_CODE_INVALID'),
    );
    expect((await info(p)).email).toBe(`${first[0]}***@example.com`);

    // The mail code is checked before the token, so the refusals above used it up: ask for another.
    const token = await securityToken(p);
    const freshCode = await mailCode(p, next);
    expect(await post(p, 'changeMail', { email: next, code: freshCode, securityToken: token })).toEqual({ status: 0, msg: '', data: true });
    expect((await info(p)).email).toBe(`${next[0]}***@example.com`);
    const third = email();
    expect(await post(p, 'changeMail', { email: third, code: await mailCode(p, third), securityToken: token })).toEqual(
      refused('SECURITY_CHECK_REQUIRED'),
    );
  });
});

describe('password', () => {
  it('sets a new password after a security check and ends the other sessions only', async () => {
    const p = await newPlayer();
    const second = await login(p.mobile, PASSWORD);
    expect(second.status).toBe(0);
    const newPassword = 'N3wPassw0rd';
    expect(await post(p, 'modifySecret', { securityToken: 'not-a-real-token-000000', password: newPassword })).toEqual(
      refused('SECURITY_CHECK_REQUIRED'),
    );
    expect(await httpStatusOf(second.data.token)).toBe(200);

    expect(await post(p, 'modifySecret', { securityToken: await securityToken(p), password: newPassword })).toEqual({
      status: 0,
      msg: '',
      data: true,
    });
    expect(await httpStatusOf(second.data.token)).toBe(401);
    expect(await httpStatusOf(p.token)).toBe(200);
    expect(await login(p.mobile, PASSWORD)).toEqual(refused('LOGIN_FAILED'));
    expect(await login(p.mobile, newPassword)).toMatchObject({ status: 0, data: { userId: p.userId, register: false } });
  });

  it('refuses a weak password without spending the security token', async () => {
    const p = await newPlayer();
    const token = await securityToken(p);
    expect(await post(p, 'modifySecret', { securityToken: token, password: 'short' })).toEqual(refused('PASSWORD_WEAK'));
    expect(await post(p, 'modifySecret', { securityToken: token, password: 'An0therPass' })).toMatchObject({ status: 0 });
  });
});

describe('changePhone', () => {
  it('moves the account to a new number confirmed by codes to both numbers', async () => {
    const p = await newPlayer();
    const newMobile = freshMobile();
    const oldCode = await smsCode(p, 'changePhone');
    const newCode = await guestCode(newMobile, 'bindPhone');
    expect(await post(p, 'changePhone', { oldCode, mobile: newMobile, newCode })).toEqual({ status: 0, msg: '', data: true });
    expect((await info(p)).mobile).toBe(masked(newMobile));
    expect(await login(newMobile, PASSWORD)).toMatchObject({ status: 0, data: { userId: p.userId } });
    expect(await login(p.mobile, PASSWORD)).toEqual(refused('LOGIN_FAILED'));
  });

  it('refuses the same number', async () => {
    const p = await newPlayer();
    expect(await post(p, 'changePhone', { oldCode: '123456', mobile: p.mobile, newCode: '123456' })).toEqual(refused('MOBILE_SAME'));
  });

  it('refuses a number that already has an account, leaving the old number in place', async () => {
    const p = await newPlayer();
    const taken = await newPlayer();
    const oldCode = await smsCode(p, 'changePhone');
    const newCode = await guestCode(taken.mobile, 'bindPhone');
    expect(await post(p, 'changePhone', { oldCode, mobile: taken.mobile, newCode })).toEqual(refused('MOBILE_REGISTERED'));
    expect((await info(p)).mobile).toBe(masked(p.mobile));
    expect(await login(taken.mobile, PASSWORD)).toMatchObject({ status: 0, data: { userId: taken.userId } });
  });

  it('refuses a wrong code for the old number without spending the new number code', async () => {
    const p = await newPlayer();
    const newMobile = freshMobile();
    const oldCode = await smsCode(p, 'changePhone');
    const newCode = await guestCode(newMobile, 'bindPhone');
    expect(await post(p, 'changePhone', { oldCode: wrong(oldCode), mobile: newMobile, newCode })).toEqual(refused('SMS_CODE_INVALID'));
    expect((await info(p)).mobile).toBe(masked(p.mobile));
    expect(await post(p, 'changePhone', { oldCode, mobile: newMobile, newCode })).toMatchObject({ status: 0 });
  });
});

describe('cancelAccount', () => {
  it('closes the account with an SMS code: the session ends and the number cannot log in', async () => {
    const p = await newPlayer();
    const code = await smsCode(p, 'cancelAccount');
    expect(await post(p, 'cancelAccount', { code: wrong(code) })).toEqual(refused('SMS_CODE_INVALID'));
    expect(await httpStatusOf(p.token)).toBe(200);
    expect(await post(p, 'cancelAccount', { code })).toEqual({ status: 0, msg: '', data: true });
    expect(await httpStatusOf(p.token)).toBe(401);
    expect(await login(p.mobile, PASSWORD)).toEqual(refused('ACCOUNT_DISABLED'));
    await expectBooksBalanced(db());
  });
});
