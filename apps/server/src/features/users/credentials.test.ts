import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call, mailCodeFor, PASSWORD, refused, registerUser, userSmsCodeFor } from '../../testing/auth-helpers.js';

/**
 * Issue 9 §5: a stolen session must not turn into the account. Binding or changing a credential needs
 * the one already there (a security check by the bound phone), and a way bound in the last 7 days
 * cannot pass the security check that allows a password or credential change.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const P = '/api/personalCenter';
const db = () => t.database.db;
type Player = { token: string; userId: number; mobile: string };
const clearSendLimits = () => db().execute(sql`DELETE FROM throttles WHERE key LIKE 'sms:%' OR key LIKE 'mail:%'`);
const newPlayer = async (): Promise<Player> => {
  await clearSendLimits();
  return registerUser(t.app, db());
};
const post = (p: Player, name: string, params: Record<string, unknown> = {}) => call(t.app, 'POST', `${P}/${name}`, params, p.token);
const email = () => `c${randomBytes(4).toString('hex')}@example.com`;
const mailCode = async (p: Player, address: string, type: 'bindMail' | 'security' = 'bindMail') => {
  await clearSendLimits();
  return mailCodeFor(t.app, db(), p.token, address, type);
};
const phoneCheck = async (p: Player) => {
  await clearSendLimits();
  const res = await post(p, 'securityCheck', { type: 0, code: await userSmsCodeFor(t.app, db(), p.token, p.mobile, 'security') });
  expect(res.status).toBe(0);
  return res.data.securityToken as string;
};
const mailCheck = async (p: Player, address: string) => post(p, 'securityCheck', { type: 1, code: await mailCode(p, address, 'security') });
const age = (p: Player, column: 'email_bound_at' | 'phone_bound_at', days: number) =>
  db().execute(sql.raw(`UPDATE users SET ${column} = now() - interval '${days} days' WHERE id = ${p.userId}`));

describe('a stolen session cannot take over the account through a fresh email', () => {
  it('binding an email needs a security check by the bound phone, not only the new address’s code', async () => {
    const p = await newPlayer();
    const attackerMail = email();
    expect(await post(p, 'bindMail', { email: attackerMail, code: await mailCode(p, attackerMail) })).toEqual(
      refused('SECURITY_CHECK_REQUIRED'),
    );
    expect(
      await post(p, 'bindMail', { email: attackerMail, code: await mailCode(p, attackerMail), securityToken: 'not-a-real-token-000000' }),
    ).toEqual(refused('SECURITY_CHECK_REQUIRED'));
    expect((await call(t.app, 'GET', `${P}/userInfo`, {}, p.token)).data.email).toBeNull();
    expect(
      await post(p, 'bindMail', { email: attackerMail, code: await mailCode(p, attackerMail), securityToken: await phoneCheck(p) }),
    ).toMatchObject({ status: 0 });
  });

  it('a way bound in the last 7 days cannot pass the security check, so it cannot set the password', async () => {
    const p = await newPlayer();
    const other = (await call(t.app, 'POST', '/api/auth/login', { mobile: p.mobile, password: PASSWORD })).data.token as string;
    const address = email();
    expect(
      (await post(p, 'bindMail', { email: address, code: await mailCode(p, address), securityToken: await phoneCheck(p) })).status,
    ).toBe(0);
    expect(await mailCheck(p, address)).toEqual(refused('SECURITY_WAY_TOO_NEW'));
    // The owner's other session lives on: no password was set through the new address.
    expect((await t.app.inject({ method: 'GET', url: `${P}/userInfo`, headers: { token: other } })).statusCode).toBe(200);

    await age(p, 'email_bound_at', 8);
    const check = await mailCheck(p, address);
    expect(check.status).toBe(0);
    expect(await post(p, 'modifySecret', { securityToken: check.data.securityToken, password: 'N3wPassw0rd' })).toMatchObject({
      status: 0,
    });
  });

  it('changing the email needs the phone check even when the old email could pass one', async () => {
    const p = await newPlayer();
    const first = email();
    expect((await post(p, 'bindMail', { email: first, code: await mailCode(p, first), securityToken: await phoneCheck(p) })).status).toBe(
      0,
    );
    await age(p, 'email_bound_at', 30);
    const byMail = await mailCheck(p, first);
    expect(byMail.status).toBe(0);
    const next = email();
    expect(await post(p, 'changeMail', { email: next, code: await mailCode(p, next), securityToken: byMail.data.securityToken })).toEqual(
      refused('SECURITY_CHECK_REQUIRED'),
    );
    expect(await post(p, 'changeMail', { email: next, code: await mailCode(p, next), securityToken: await phoneCheck(p) })).toMatchObject({
      status: 0,
    });
    // The new address is fresh again.
    expect(await mailCheck(p, next)).toEqual(refused('SECURITY_WAY_TOO_NEW'));
  });

  it('a phone changed in the last 7 days cannot pass the security check either', async () => {
    const p = await newPlayer();
    await db().execute(sql`UPDATE users SET phone_bound_at = now() - interval '2 days' WHERE id = ${p.userId}`);
    await clearSendLimits();
    const code = await userSmsCodeFor(t.app, db(), p.token, p.mobile, 'security');
    expect(await post(p, 'securityCheck', { type: 0, code })).toEqual(refused('SECURITY_WAY_TOO_NEW'));
    await age(p, 'phone_bound_at', 8);
    await clearSendLimits();
    expect(
      (await post(p, 'securityCheck', { type: 0, code: await userSmsCodeFor(t.app, db(), p.token, p.mobile, 'security') })).status,
    ).toBe(0);
  });
});
