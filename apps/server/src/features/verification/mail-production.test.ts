import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { productionBaseEnv, startProductionApp } from '../../testing/production-start.js';
import { call, passSlider, refused, skipResendGap } from '../../testing/auth-helpers.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { smtpStubEnv, startSmtpStub, type SmtpStub } from '../../testing/stubs/smtp-stub.js';
import { queryRows } from '../../platform/db/rows.js';

/**
 * Issue 27 §1 in a production start (NODE_ENV=production, the production guard as it is): with an SMTP
 * relay configured, every mail route works — a mailbox is bound, vouches for a security check, and is
 * changed; without one, mail codes are refused with a clear message and nothing else changes.
 */
const login = { user: 'noreply@mail.skinfair.example', password: 'prod-smtp-password-01' };
let relay: SmtpStub;
let withMail: Awaited<ReturnType<typeof startProductionApp>>;
let withoutMail: Awaited<ReturnType<typeof startProductionApp>>;

beforeAll(async () => {
  relay = await startSmtpStub(login);
  withMail = await startProductionApp(smtpStubEnv(relay, login));
  withoutMail = await startProductionApp({});
});
afterAll(async () => {
  await withMail?.close();
  await withoutMail?.close();
  await relay?.close();
});

type Prod = typeof withMail;
const player = async (on: Prod) => givenSession(on.database.db, (await givenUser(on.database.db)).id);
const mailCode = async (on: Prod, token: string, email: string, type: 'bindMail' | 'security' = 'bindMail') =>
  call(
    on.app,
    'POST',
    '/api/common/mailCode',
    { email, type, ...(type === 'bindMail' ? { captchaVerification: await passSlider(on.app, on.database.db) } : {}) },
    token,
  );

describe('mail in production (issue 27 §1)', () => {
  it('refuses the sandbox outbox and plain SMTP to another machine; boots on the relay', () => {
    expect(() => loadConfig({ ...productionBaseEnv, MAIL_PROVIDER: 'sandbox' })).toThrow(
      /MAIL_PROVIDER: "sandbox" .*not allowed in production/,
    );
    expect(() => loadConfig({ ...productionBaseEnv, ...smtpStubEnv(relay, login), SMTP_HOST: 'smtpdm.aliyun.com' })).toThrow(
      /SMTP_SECURITY: "none" sends the password and the codes unencrypted/,
    );
    expect(withMail.config.mail).toMatchObject({ provider: 'smtp', host: '127.0.0.1', from: { address: login.user } });
    expect(withoutMail.config.mail).toEqual({ provider: 'none' });
  });

  it('binds a mailbox by its code, passes a security check by mail, and changes the mailbox', async () => {
    const { app, database } = withMail;
    const token = await player(withMail);
    const first = `prod-${process.pid}-a@example.com`;
    expect(await mailCode(withMail, token, first)).toMatchObject({ status: 0 });
    expect(await call(app, 'POST', '/api/personalCenter/bindMail', { email: first, code: relay.lastCode(first)! }, token)).toMatchObject({
      status: 0,
    });

    // A way bound this week cannot vouch for changes (issue 9 §5); a week later it can.
    await database.db.execute(sql`UPDATE users SET email_bound_at = now() - interval '8 days' WHERE email = ${first}`);
    await skipResendGap(database.db, first, 'mail');
    expect(await mailCode(withMail, token, first, 'security')).toMatchObject({ status: 0 });
    expect(relay.delivered.at(-1)!.subject).toBe('Skinfair 验证码：安全验证');
    const check = await call(app, 'POST', '/api/personalCenter/securityCheck', { type: 1, code: relay.lastCode(first)! }, token);
    expect(check).toMatchObject({ status: 0 });

    const second = `prod-${process.pid}-b@example.com`;
    expect(await mailCode(withMail, token, second)).toMatchObject({ status: 0 });
    const changed = await call(
      app,
      'POST',
      '/api/personalCenter/changeMail',
      { email: second, code: relay.lastCode(second)!, securityToken: check.data.securityToken },
      token,
    );
    expect(changed).toMatchObject({ status: 0 });
    const [row] = await queryRows<{ email: string }>(database.db, sql`SELECT email FROM users WHERE email = ${second}`);
    expect(row?.email).toBe(second);
  });

  it('without a mail provider, a mail code is refused with a clear message and spends nothing', async () => {
    const { database } = withoutMail;
    const token = await player(withoutMail);
    const email = `prod-${process.pid}-none@example.com`;
    const answer = await mailCode(withoutMail, token, email);
    expect(answer).toEqual(refused('MAIL_UNAVAILABLE'));
    expect(answer.msg).toBe('本站暂未开通邮件服务，请使用手机号验证');
    const taken = await queryRows<{ key: string; count: unknown }>(
      database.db,
      sql`SELECT key, count FROM throttles WHERE key LIKE 'mail:%' AND count > 0`,
    );
    expect(taken).toEqual([]);
    const codes = await queryRows(database.db, sql`SELECT id FROM verification_codes WHERE target = ${email}`);
    expect(codes).toEqual([]);
  });
});
