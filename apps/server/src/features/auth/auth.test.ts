import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, freshMobile, PASSWORD, registerUser, skipResendGap, smsCodeFor } from '../../testing/auth-helpers.js';
import { queryRows } from '../../platform/db/rows.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const me = async (token: string) => t.app.inject({ method: 'GET', url: '/api/personalCenter/userInfo', headers: { token } });

async function signUpWith(extra: Record<string, unknown>) {
  const mobile = freshMobile();
  const code = await smsCodeFor(t.app, db(), mobile, 'signUp');
  return call(t.app, 'POST', '/api/auth/signUp', { mobile, password: PASSWORD, code, adult: true, agreement: true, ...extra });
}

describe('sign-up', () => {
  it('creates the account, its money accounts, a welcome message and a session', async () => {
    const res = await signUpWith({ channelCode: 'douyin_01' });
    expect(res).toMatchObject({ status: 0, data: { register: true } });
    const info = (await me(res.data.token)).json();
    expect(info.data).toMatchObject({ id: res.data.userId, balance: 0, integral: 0, secondaryBalance: 0, hasPassword: true });
    const unread = await call(t.app, 'GET', '/api/message/countUserUnreadMessage', {}, res.data.token);
    expect(unread.data).toBe(1);
    const [row] = await queryRows<{ channel_code: string; password_hash: string }>(
      db(),
      sql`SELECT channel_code, password_hash FROM users WHERE id = ${res.data.userId}`,
    );
    expect(row!.channel_code).toBe('douyin_01');
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    await expectBooksBalanced(db());
  });

  it('refuses without the 18+ confirmation or the agreement', async () => {
    expect(await signUpWith({ adult: false })).toEqual({ status: 3101, msg: '请确认您已年满18周岁', data: null });
    expect(await signUpWith({ agreement: '' })).toEqual({ status: 3004, msg: '请阅读并同意服务协议和隐私政策', data: null });
  });

  it('refuses a bad mobile, a weak password and a malformed invitation code', async () => {
    const code = await smsCodeFor(t.app, db(), freshMobile(), 'signUp');
    const base = { password: PASSWORD, code, adult: true, agreement: true };
    expect((await call(t.app, 'POST', '/api/auth/signUp', { ...base, mobile: '1234567' })).status).toBe(3003);
    expect((await call(t.app, 'POST', '/api/auth/signUp', { ...base, mobile: freshMobile(), password: 'abcdefgh' })).msg).toBe(
      '密码需为8-32位，且同时包含字母和数字',
    );
    const badCode = await call(t.app, 'POST', '/api/auth/signUp', { ...base, mobile: freshMobile(), invitationCode: 'ab!' });
    expect(badCode).toEqual({ status: 3005, msg: '推广码格式错误，请输入6-15位字母或数字', data: null });
    expect((await call(t.app, 'POST', '/api/auth/signUp', { ...base, mobile: freshMobile(), code: '12' })).status).toBe(3103);
  });

  it('refuses a wrong SMS code and writes nothing', async () => {
    const mobile = freshMobile();
    const code = await smsCodeFor(t.app, db(), mobile, 'signUp');
    const wrong = code === '999999' ? '999998' : '999999';
    const res = await call(t.app, 'POST', '/api/auth/signUp', { mobile, password: PASSWORD, code: wrong, adult: true, agreement: true });
    expect(res).toEqual({ status: 3104, msg: '验证码错误或已失效', data: null });
    expect(await queryRows(db(), sql`SELECT id FROM users WHERE mobile = ${mobile}`)).toHaveLength(0);
  });

  it('binds the inviter by invitation code, and refuses an unknown one', async () => {
    const inviter = await registerUser(t.app, db());
    const [row] = await queryRows<{ invitation_code: string }>(db(), sql`SELECT invitation_code FROM users WHERE id = ${inviter.userId}`);
    const invited = await signUpWith({ invitationCode: row!.invitation_code.toLowerCase() });
    expect((await me(invited.data.token)).json().data.inviter).toMatchObject({ id: inviter.userId });
    expect((await signUpWith({ invitationCode: 'NOSUCH99' })).status).toBe(3116);
    // A code only captured from a link is dropped quietly when unknown.
    expect((await signUpWith({ promoteCode: 'NOSUCH99' })).status).toBe(0);
  });

  it('tells only the holder of a fresh code that the number is registered', async () => {
    const { mobile } = await registerUser(t.app, db());
    const code = await smsCodeFor(t.app, db(), mobile, 'signUp');
    const res = await call(t.app, 'POST', '/api/auth/signUp', { mobile, password: PASSWORD, code, adult: true, agreement: true });
    expect(res.status).toBe(3112);
  });
});

describe('login', () => {
  it('logs in by password with a new random token each time, stored only as a hash', async () => {
    const { mobile } = await registerUser(t.app, db());
    const a = await call(t.app, 'POST', '/api/auth/login', { mobile, password: PASSWORD });
    const b = await call(t.app, 'POST', '/api/auth/login', { mobile, password: PASSWORD });
    expect(a).toMatchObject({ status: 0, data: { register: false } });
    expect(a.data.token).not.toBe(b.data.token);
    expect(a.data.token.length).toBeGreaterThanOrEqual(40);
    const stored = await queryRows(db(), sql`SELECT 1 FROM sessions WHERE token_hash = ${a.data.token}`);
    expect(stored).toHaveLength(0);
    expect((await me(a.data.token)).statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown number', async () => {
    const { mobile } = await registerUser(t.app, db());
    const wrong = await call(t.app, 'POST', '/api/auth/login', { mobile, password: 'Wrong1234' });
    const unknown = await call(t.app, 'POST', '/api/auth/login', { mobile: freshMobile(), password: 'Wrong1234' });
    expect(wrong).toEqual({ status: 3110, msg: '手机号或密码错误', data: null });
    expect(unknown).toEqual(wrong);
  });

  it('locks password login after five failures, while SMS login still works', async () => {
    const { mobile } = await registerUser(t.app, db());
    for (let i = 0; i < 5; i++) await call(t.app, 'POST', '/api/auth/login', { mobile, password: 'Wrong1234' });
    const locked = await call(t.app, 'POST', '/api/auth/login', { mobile, password: PASSWORD });
    expect(locked.status).toBe(3111);
    expect(locked.msg).toMatch(/短信验证码登录/);
    const code = await smsCodeFor(t.app, db(), mobile, 'smsLogin');
    expect((await call(t.app, 'POST', '/api/auth/smsLogin', { mobile, code })).status).toBe(0);
    // Proving the number clears the lock.
    expect((await call(t.app, 'POST', '/api/auth/login', { mobile, password: PASSWORD })).status).toBe(0);
  });

  it('logs in by SMS, and says so when the number is not registered', async () => {
    const { mobile, userId } = await registerUser(t.app, db());
    const code = await smsCodeFor(t.app, db(), mobile, 'smsLogin');
    expect(await call(t.app, 'POST', '/api/auth/smsLogin', { mobile, code })).toMatchObject({ status: 0, data: { userId } });
    const stranger = freshMobile();
    const strangerCode = await smsCodeFor(t.app, db(), stranger, 'smsLogin');
    expect((await call(t.app, 'POST', '/api/auth/smsLogin', { mobile: stranger, code: strangerCode })).status).toBe(3113);
  });

  it('refuses malformed input without a 500', async () => {
    for (const params of [{}, { mobile: 'abc', password: 'x' }, { mobile: freshMobile() }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: params });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).not.toBe(0);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const { token } = await registerUser(t.app, db());
    expect((await call(t.app, 'POST', '/api/auth/logout', {}, token)).status).toBe(0);
    expect((await me(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { token } })).statusCode).toBe(401);
  });

  it('changing the password keeps this session and ends the others', async () => {
    const { mobile, token } = await registerUser(t.app, db());
    const other = (await call(t.app, 'POST', '/api/auth/login', { mobile, password: PASSWORD })).data.token;
    const mismatch = await call(
      t.app,
      'POST',
      '/api/auth/changePassword',
      { oldPassword: PASSWORD, newPassword: 'An0therPass', confirmPassword: 'Different1' },
      token,
    );
    expect(mismatch.status).toBe(3114);
    const wrongOld = await call(
      t.app,
      'POST',
      '/api/auth/changePassword',
      { oldPassword: 'Nope12345', newPassword: 'An0therPass', confirmPassword: 'An0therPass' },
      token,
    );
    expect(wrongOld.status).toBe(3115);
    const ok = await call(
      t.app,
      'POST',
      '/api/auth/changePassword',
      { oldPassword: PASSWORD, newPassword: 'An0therPass', confirmPassword: 'An0therPass' },
      token,
    );
    expect(ok.status).toBe(0);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/login', { mobile, password: 'An0therPass' })).status).toBe(0);
  });

  it('finding the password ends every session', async () => {
    const { mobile, token } = await registerUser(t.app, db());
    const code = await smsCodeFor(t.app, db(), mobile, 'findPassword');
    expect((await call(t.app, 'POST', '/api/auth/findPassword', { mobile, code, password: 'Brand0New1' })).status).toBe(0);
    expect((await me(token)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/login', { mobile, password: PASSWORD })).status).toBe(3110);
    expect((await call(t.app, 'POST', '/api/auth/login', { mobile, password: 'Brand0New1' })).status).toBe(0);
  });

  it('lists the sessions and revokes one of them, but not another user’s', async () => {
    const { mobile, token } = await registerUser(t.app, db());
    const second = (await call(t.app, 'POST', '/api/auth/login', { mobile, password: PASSWORD })).data.token;
    const list = (await call(t.app, 'GET', '/api/auth/sessions', {}, token)).data as Array<{ id: number; current: boolean }>;
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const otherId = list.find((s) => !s.current)!.id;
    const stranger = await registerUser(t.app, db());
    expect((await call(t.app, 'POST', '/api/auth/revokeSession', { sessionId: otherId }, stranger.token)).status).toBe(1002);
    expect((await call(t.app, 'POST', '/api/auth/revokeSession', { sessionId: otherId }, token)).status).toBe(0);
    expect((await me(second)).statusCode).toBe(401);
    await skipResendGap(db(), mobile);
  });
});
