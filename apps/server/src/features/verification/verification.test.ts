import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import {
  call,
  freshMobile,
  humanTrail,
  latestSmsCode,
  passSlider,
  registerUser,
  skipResendGap as skipGap,
  smsCodeFor,
} from '../../testing/auth-helpers.js';
import { sliderAnswer } from './index.js';
import { isPlausibleTrail } from './trail.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const challenge = async () => (await call(t.app, 'GET', '/api/common/sliderCaptcha')).data;
const skipResendGap = (phone: string) => skipGap(db(), phone);

describe('slider check', () => {
  it('issues a puzzle as two PNG images without revealing the answer', async () => {
    const c = await challenge();
    expect(c.background).toMatch(/^data:image\/png;base64,/);
    expect(c.piece).toMatch(/^data:image\/png;base64,/);
    expect(c).toMatchObject({ width: 300, height: 160, pieceSize: 52 });
    expect(Object.keys(c)).not.toContain('targetX');
    // Without the layout numbers: an answer equal to the piece's height or row (pieceY) is not a leak.
    const { width: _w, height: _h, pieceSize: _p, pieceY: _y, expiresIn: _e, ...rest } = c;
    expect(JSON.stringify(rest)).not.toContain(String(await sliderAnswer(db(), c.captchaId)) + ',');
  });

  it('passes a human drag to the right place and gives a token', async () => {
    const c = await challenge();
    const x = (await sliderAnswer(db(), c.captchaId))!;
    const res = await call(t.app, 'POST', '/api/common/sliderVerify', { captchaId: c.captchaId, x: x + 3, trail: humanTrail(x + 3) });
    expect(res).toMatchObject({ status: 0, data: { expiresIn: 120 } });
    expect(res.data.captchaVerification.length).toBeGreaterThan(20);
  });

  it('refuses a wrong offset, and the puzzle cannot be answered twice', async () => {
    const c = await challenge();
    const x = (await sliderAnswer(db(), c.captchaId))!;
    const wrong = await call(t.app, 'POST', '/api/common/sliderVerify', { captchaId: c.captchaId, x: x + 20, trail: humanTrail(x + 20) });
    expect(wrong).toEqual({ status: 3108, msg: '滑块验证未通过，请重试', data: null });
    const retry = await call(t.app, 'POST', '/api/common/sliderVerify', { captchaId: c.captchaId, x, trail: humanTrail(x) });
    expect(retry.status).toBe(3109);
  });

  it('refuses a robotic drag: constant speed, too fast, or no trail', async () => {
    for (const trail of [
      JSON.stringify(Array.from({ length: 10 }, (_, i) => [i * 10, i * 50])),
      JSON.stringify([
        [0, 0],
        [50, 10],
        [100, 20],
        [150, 30],
        [200, 40],
      ]),
      'not json',
      '[]',
    ]) {
      const c = await challenge();
      const x = (await sliderAnswer(db(), c.captchaId))!;
      const res = await call(t.app, 'POST', '/api/common/sliderVerify', { captchaId: c.captchaId, x, trail });
      expect(res.status, trail).toBe(3108);
    }
    expect(isPlausibleTrail(humanTrail(120), 120)).toBe(true);
    // Arrow keys: equal 4 px steps at a person's uneven rhythm.
    const keyboard = [
      [0, 0],
      [4, 180],
      [8, 310],
      [12, 520],
      [16, 610],
      [20, 800],
    ];
    expect(isPlausibleTrail(JSON.stringify(keyboard), 20)).toBe(true);
    expect(isPlausibleTrail(humanTrail(120), 160)).toBe(false);
  });

  it('refuses an unknown puzzle id', async () => {
    const res = await call(t.app, 'POST', '/api/common/sliderVerify', { captchaId: 'f'.repeat(32), x: 100, trail: humanTrail(100) });
    expect(res.status).toBe(3109);
  });
});

describe('SMS codes', () => {
  it('refuses to send without a passed slider', async () => {
    const missing = await call(t.app, 'POST', '/api/common/smsCode', { phone: freshMobile(), type: 'signUp' });
    expect(missing).toEqual({ status: 3002, msg: '请先完成滑块验证', data: null });
    const forged = await call(t.app, 'POST', '/api/common/smsCode', {
      phone: freshMobile(),
      type: 'signUp',
      captchaVerification: 'forged-token-xxxxxxxx',
    });
    expect(forged.status).toBe(3109);
  });

  it('sends a code once per slider pass, with the resend countdown, by GET or POST', async () => {
    const phone = freshMobile();
    const token = await passSlider(t.app, db());
    const sent = await call(t.app, 'GET', '/api/common/smsCode', { phone, type: 'signUp', captchaVerification: token });
    expect(sent).toEqual({ status: 0, msg: '', data: { countdown: 60 } });
    expect(await latestSmsCode(db(), phone)).toMatch(/^\d{6}$/);
    await skipResendGap(phone);
    const reused = await call(t.app, 'POST', '/api/common/smsCode', { phone, type: 'signUp', captchaVerification: token });
    expect(reused.status).toBe(3109);
  });

  it('refuses a bad number and an unknown purpose', async () => {
    const bad = await call(t.app, 'POST', '/api/common/smsCode', {
      phone: '12345',
      type: 'signUp',
      captchaVerification: await passSlider(t.app, db()),
    });
    expect(bad).toEqual({ status: 3003, msg: '请输入正确的手机号', data: null });
    const purpose = await call(t.app, 'POST', '/api/common/smsCode', {
      phone: freshMobile(),
      type: 'withdraw',
      captchaVerification: await passSlider(t.app, db()),
    });
    expect(purpose.status).toBe(1001);
  });

  it('allows one send a minute per number', async () => {
    const phone = freshMobile();
    await smsCodeFor(t.app, db(), phone, 'signUp');
    const again = await call(t.app, 'POST', '/api/common/smsCode', {
      phone,
      type: 'signUp',
      captchaVerification: await passSlider(t.app, db()),
    });
    expect(again).toEqual({ status: 3106, msg: '发送过于频繁，请稍后再试', data: null });
  });

  it('allows five sends a day per number to strangers, and ten to the owner from where they logged in', async () => {
    const phone = freshMobile();
    for (let i = 0; i < 5; i++) {
      await smsCodeFor(t.app, db(), phone, 'smsLogin');
      await skipResendGap(phone);
    }
    const sixth = await call(t.app, 'POST', '/api/common/smsCode', {
      phone,
      type: 'smsLogin',
      captchaVerification: await passSlider(t.app, db()),
    });
    expect(sixth.status).toBe(3107);

    const { mobile } = await registerUser(t.app, db());
    for (let i = 0; i < 10; i++) {
      await smsCodeFor(t.app, db(), mobile, 'smsLogin');
      await skipResendGap(mobile);
    }
    const eleventh = await call(t.app, 'POST', '/api/common/smsCode', {
      phone: mobile,
      type: 'smsLogin',
      captchaVerification: await passSlider(t.app, db()),
    });
    expect(eleventh.status).toBe(3107);
  });

  it('answers the same whether or not the number is registered', async () => {
    const { mobile } = await registerUser(t.app, db());
    await skipResendGap(mobile);
    const registered = await call(t.app, 'POST', '/api/common/smsCode', {
      phone: mobile,
      type: 'smsLogin',
      captchaVerification: await passSlider(t.app, db()),
    });
    const unknown = await call(t.app, 'POST', '/api/common/smsCode', {
      phone: freshMobile(),
      type: 'smsLogin',
      captchaVerification: await passSlider(t.app, db()),
    });
    expect(registered).toEqual(unknown);
  });

  it('voids a code after five wrong tries, and an expired code never works', async () => {
    const { mobile } = await registerUser(t.app, db());
    const code = await smsCodeFor(t.app, db(), mobile, 'smsLogin');
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(t.app, 'POST', '/api/auth/smsLogin', { mobile, code: wrong })).status);
    expect(statuses).toEqual([3104, 3104, 3104, 3104, 3105]);
    const right = await call(t.app, 'POST', '/api/auth/smsLogin', { mobile, code });
    expect(right).toMatchObject({ status: 3105, msg: '验证码错误次数过多，请重新获取' });

    await skipResendGap(mobile);
    const fresh = await smsCodeFor(t.app, db(), mobile, 'smsLogin');
    await db().execute(sql`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = ${mobile}`);
    expect((await call(t.app, 'POST', '/api/auth/smsLogin', { mobile, code: fresh })).status).toBe(3104);
  });

  it('binds a code to its purpose and uses it once', async () => {
    const { mobile } = await registerUser(t.app, db());
    const code = await smsCodeFor(t.app, db(), mobile, 'findPassword');
    expect((await call(t.app, 'POST', '/api/auth/smsLogin', { mobile, code })).status).toBe(3104);
    expect((await call(t.app, 'POST', '/api/auth/findPassword', { mobile, code, password: 'N3wPassw0rd' })).status).toBe(0);
    expect((await call(t.app, 'POST', '/api/auth/findPassword', { mobile, code, password: 'N3wPassw0rd' })).status).toBe(3104);
  });

  it('allows a limited number of sends per address per hour', async () => {
    const strict = await buildTestApp({ database: t.database, env: { SMS_MAX_PER_IP_HOUR: '2' } });
    await db().execute(sql`DELETE FROM throttles WHERE key LIKE 'sms:ip:%'`);
    const send = async () =>
      (
        await call(strict.app, 'POST', '/api/common/smsCode', {
          phone: freshMobile(),
          type: 'signUp',
          captchaVerification: await passSlider(strict.app, db()),
        })
      ).status;
    expect([await send(), await send(), await send()]).toEqual([0, 0, 3106]);
    await strict.close();
  });

  it('stores only a hash of each code', async () => {
    const phone = freshMobile();
    const code = await smsCodeFor(t.app, db(), phone, 'signUp');
    const rows = await db().execute(sql`SELECT code_hash FROM verification_codes WHERE target = ${phone}`);
    const stored = JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
    expect(stored).not.toContain(code);
  });
});

describe('mail codes (issue 24 §8)', () => {
  const mailsTo = async (email: string) =>
    Number(
      ((await db().execute(sql`SELECT count(*) AS n FROM mail_outbox WHERE email = ${email}`)) as unknown as { rows: Array<{ n: string }> })
        .rows[0]!.n,
    );
  let mailCounter = 0;
  const freshMail = () => `m${process.pid}-${++mailCounter}@example.com`;

  it('mails a typed address only after a slider pass, one send per pass', async () => {
    const { token } = await registerUser(t.app, db());
    const email = freshMail();
    const missing = await call(t.app, 'POST', '/api/common/mailCode', { email, type: 'bindMail' }, token);
    expect(missing).toEqual({ status: 3002, msg: '请先完成滑块验证', data: null });
    const byDefault = await call(t.app, 'POST', '/api/common/mailCode', { email }, token);
    expect(byDefault.status).toBe(3002);
    const forged = await call(t.app, 'POST', '/api/common/mailCode', { email, captchaVerification: 'forged-token-xxxxxxxx' }, token);
    expect(forged.status).toBe(3109);
    expect(await mailsTo(email)).toBe(0);

    const pass = await passSlider(t.app, db());
    expect(await call(t.app, 'POST', '/api/common/mailCode', { email, type: 'bindMail', captchaVerification: pass }, token)).toMatchObject({
      status: 0,
    });
    expect(await mailsTo(email)).toBe(1);
    await skipGap(db(), email, 'mail');
    const reused = await call(t.app, 'POST', '/api/common/mailCode', { email, type: 'bindMail', captchaVerification: pass }, token);
    expect(reused.status).toBe(3109);
    expect(await mailsTo(email)).toBe(1);
  });

  it("mails a security code to the account's own address without a slider, and to no other address", async () => {
    const { token, userId } = await registerUser(t.app, db());
    const own = freshMail();
    await db().execute(sql`UPDATE users SET email = ${own} WHERE id = ${userId}`);
    expect(await call(t.app, 'POST', '/api/common/mailCode', { email: own, type: 'security' }, token)).toMatchObject({ status: 0 });
    expect(await mailsTo(own)).toBe(1);
    const other = freshMail();
    const refusedOther = await call(
      t.app,
      'POST',
      '/api/common/mailCode',
      { email: other, type: 'security', captchaVerification: await passSlider(t.app, db()) },
      token,
    );
    expect(refusedOther.status).toBe(3131);
    expect(await mailsTo(other)).toBe(0);
  });
});
