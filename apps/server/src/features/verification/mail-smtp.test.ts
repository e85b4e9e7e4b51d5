import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { errorCatalogue } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call, passSlider, refused, skipResendGap } from '../../testing/auth-helpers.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { smtpStubEnv, startSmtpStub, type SmtpStub } from '../../testing/stubs/smtp-stub.js';
import { queryRows } from '../../platform/db/rows.js';
import { verificationCodes } from './tables.js';

/**
 * Issue 27 §1: mail codes go out through an SMTP relay (MAIL_PROVIDER=smtp; Alibaba Cloud DirectMail and
 * Tencent SES are SMTP relays), here a local smtp-server that takes AUTH, MAIL FROM, RCPT TO and DATA.
 * They draw on the same quotas as SMS codes, and a relay that refuses or cannot be reached is reported to
 * the player and spends nothing, as a refused SMS is.
 */
const login = { user: 'noreply@mail.skinfair.example', password: 'stub-smtp-password-01' };
let relay: SmtpStub;
let t: TestApp;

/** A loopback port nothing listens on: a relay that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  relay = await startSmtpStub(login);
  t = await buildTestApp({ env: { ...smtpStubEnv(relay, login), SMS_MAX_PER_IP_HOUR: '3' } });
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});

let mailCounter = 0;
const freshMail = () => `p${process.pid}-${++mailCounter}@example.com`;
const db = () => t.database.db;
const player = async (on: TestApp = t) => givenSession(on.database.db, (await givenUser(on.database.db)).id);
const askCode = async (on: TestApp, token: string, email: string) =>
  call(
    on.app,
    'POST',
    '/api/common/mailCode',
    { email, type: 'bindMail', captchaVerification: await passSlider(on.app, on.database.db) },
    token,
  );
const storedCodes = async (on: TestApp, email: string) =>
  (
    await on.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.channel, 'mail'), eq(verificationCodes.target, email)))
  ).length;
const mailCounters = async (on: TestApp, email: string) => {
  const rows = await queryRows<{ key: string; count: unknown }>(
    on.database.db,
    sql`SELECT key, count FROM throttles WHERE key LIKE 'mail:%'`,
  );
  return Object.fromEntries(rows.filter((r) => r.key.endsWith(email) || !/:(gap|day)/.test(r.key)).map((r) => [r.key, Number(r.count)]));
};
const clearAddressCount = () => db().execute(sql`DELETE FROM throttles WHERE key LIKE 'mail:ip:%'`);

describe('mail codes through an SMTP relay (MAIL_PROVIDER=smtp)', () => {
  it('mails the code to the address typed, from the configured sender, in Chinese first; the player binds it', async () => {
    await clearAddressCount();
    const token = await player();
    const email = freshMail();
    expect(await askCode(t, token, email)).toMatchObject({ status: 0, data: { countdown: 60 } });
    const mail = relay.delivered.at(-1)!;
    expect(mail).toMatchObject({ mailFrom: login.user, rcptTo: [email], from: `Skinfair 官方 <${login.user}>`, user: login.user });
    expect(mail.subject).toBe('Skinfair 验证码：绑定邮箱');
    expect(mail.headers['auto-submitted']).toBe('auto-generated');
    const code = relay.lastCode(email)!;
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text.split('\n')[0]).toBe(`您的验证码：${code}`);
    expect(mail.text).toContain('您正在 Skinfair 绑定邮箱。验证码5分钟内有效');
    expect(mail.text).toContain(`Your Skinfair verification code is ${code}.`);

    expect(await call(t.app, 'POST', '/api/personalCenter/bindMail', { email, code }, token)).toMatchObject({ status: 0 });
    expect((await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data.email).toMatch(/^p.*\*.*@example\.com$/);
  });

  it('a refused recipient tells the player in Chinese, spends no quota and stores no code; the next try goes out', async () => {
    await clearAddressCount();
    const token = await player();
    const email = freshMail();
    const before = await mailCounters(t, email);
    relay.refuseNext('rcpt', 550, '5.1.1 Mailbox unavailable');
    const answer = await askCode(t, token, email);
    expect(answer).toEqual(refused('SMS_SEND_FAILED'));
    expect(answer.msg).toBe('验证码发送失败，请稍后重试');
    expect(await storedCodes(t, email)).toBe(0);
    const after = await mailCounters(t, email);
    expect(Object.keys(after)).toContain(`mail:gap:${email}`);
    for (const [key, count] of Object.entries(after)) expect(count, key).toBe(before[key] ?? 0);

    // A relay that takes the recipient but refuses the message is the same refusal.
    relay.refuseNext('data', 451, '4.3.0 Try again later');
    expect(await askCode(t, token, email)).toEqual(refused('SMS_SEND_FAILED'));
    expect(relay.lastCode(email)).toBeUndefined();

    expect(await askCode(t, token, email)).toMatchObject({ status: 0 });
    expect(await storedCodes(t, email)).toBe(1);
    expect(await call(t.app, 'POST', '/api/personalCenter/bindMail', { email, code: relay.lastCode(email)! }, token)).toMatchObject({
      status: 0,
    });
  });

  it('holds the SMS quotas: 60 s between codes, 10 a day per address, failed sends never use up the address’s hour (3 here)', async () => {
    await clearAddressCount();
    const token = await player();
    for (let i = 0; i < 5; i++) {
      relay.refuseNext('rcpt', 550, '5.1.1 Mailbox unavailable');
      expect((await askCode(t, token, freshMail())).status).toBe(errorCatalogue.SMS_SEND_FAILED.status);
    }
    const email = freshMail();
    expect((await askCode(t, token, email)).status).toBe(0);
    expect(await askCode(t, token, email)).toEqual(refused('SMS_TOO_FREQUENT'));
    expect((await askCode(t, token, freshMail())).status).toBe(0);
    expect((await askCode(t, token, freshMail())).status).toBe(0);
    expect(await askCode(t, token, freshMail())).toEqual(refused('SMS_TOO_FREQUENT'));

    // One address, ten codes a day, whoever asks (the address's hour cleared between sends).
    const busy = freshMail();
    for (let i = 0; i < 10; i++) {
      await clearAddressCount();
      await skipResendGap(db(), busy, 'mail');
      expect((await askCode(t, token, busy)).status, `send ${i + 1}`).toBe(0);
    }
    await clearAddressCount();
    await skipResendGap(db(), busy, 'mail');
    expect(await askCode(t, token, busy)).toEqual(refused('SMS_DAILY_LIMIT'));
  });

  it('a wrong SMTP password, a relay that is down or one without STARTTLS: the player is told, nothing is sent', async () => {
    const env = smtpStubEnv(relay, login);
    const database = t.database;
    const apps = [
      await buildTestApp({ database, env: { ...env, SMTP_PASSWORD: 'not-the-password' } }),
      await buildTestApp({ database, env: { ...env, SMTP_PORT: String(await closedPort()) } }),
      // starttls must not fall back to plain SMTP when the relay does not offer it.
      await buildTestApp({ database, env: { ...env, SMTP_SECURITY: 'starttls' } }),
    ];
    try {
      const deliveredBefore = relay.delivered.length;
      for (const [i, on] of apps.entries()) {
        await clearAddressCount();
        const email = freshMail();
        const answer = await askCode(on, await player(on), email);
        expect(answer, `app ${i}`).toEqual(refused('SMS_SEND_FAILED'));
        expect(await storedCodes(on, email)).toBe(0);
      }
      expect(relay.failedLogins).toContain(login.user);
      expect(relay.delivered.length).toBe(deliveredBefore);
    } finally {
      for (const on of apps) await on.close();
    }
  });
});
