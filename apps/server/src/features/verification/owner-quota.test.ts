import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorCatalogue } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { humanTrail, latestSmsCode, PASSWORD, registerUser } from '../../testing/auth-helpers.js';
import { sliderAnswer } from './index.js';
import { MAX_PER_DAY, STRANGER_PER_DAY } from './codes.js';

/**
 * Issue 9 §4: no lockout an attacker can trigger against the owner. Codes asked from addresses and
 * devices that never logged into the number's account draw on a separate quota (and gap), so burning it
 * leaves the owner's own quota; a right SMS code logs the owner in even while the password is locked.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const DEVICE = 'owner-device-0123456789abcdef';

async function post(url: string, params: Record<string, string>, from: { ip: string; device?: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: from.ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(from.device ? { 'device-id': from.device } : {}) },
    payload: new URLSearchParams(params).toString(),
  });
  return res.json() as { status: number; msg: string; data: { captchaVerification?: string; token?: string } | null };
}

/** A slider pass and a code request, both from the given address (the sandbox tells the answer). */
async function askCode(phone: string, type: string, from: { ip: string; device?: string }) {
  const challenge = await t.app.inject({ method: 'GET', url: '/api/common/sliderCaptcha', remoteAddress: from.ip });
  const captchaId = challenge.json().data.captchaId as string;
  const x = (await sliderAnswer(db(), captchaId))!;
  const pass = await post('/api/common/sliderVerify', { captchaId, x: String(x), trail: humanTrail(x) }, from);
  if (pass.status !== 0) throw new Error(`slider: ${pass.msg}`);
  return post('/api/common/smsCode', { phone, type, captchaVerification: pass.data!.captchaVerification! }, from);
}

/** Only the 60 s gaps: the daily quotas are what these tests are about. */
const skipGaps = (phone: string) =>
  db().execute(sql`DELETE FROM throttles WHERE key IN (${`sms:gap:${phone}`}, ${`sms:gap-stranger:${phone}`})`);

async function burnStrangerQuota(phone: string) {
  const statuses: number[] = [];
  // More requests than the number's whole daily quota: before the split they shut the owner out.
  for (let i = 0; i < MAX_PER_DAY + 2; i++) {
    await skipGaps(phone);
    statuses.push((await askCode(phone, 'smsLogin', { ip: `10.44.${i}.1` })).status);
  }
  return statuses;
}

describe('SMS quota: strangers cannot spend the owner’s', () => {
  it('after strangers burn their quota from new addresses, the owner still gets a code from a known address and logs in', async () => {
    const { mobile } = await registerUser(t.app, db());
    const statuses = await burnStrangerQuota(mobile);
    // The sign-up code came from an address with no session yet: one of the strangers' quota.
    expect(statuses.slice(0, STRANGER_PER_DAY - 1).every((s) => s === 0)).toBe(true);
    expect(statuses.slice(STRANGER_PER_DAY - 1).every((s) => s === errorCatalogue.SMS_DAILY_LIMIT.status)).toBe(true);

    // Even 5 wrong passwords on top (the password door locked): a right code still gets the owner in.
    for (let i = 0; i < 5; i++) await post('/api/auth/login', { mobile, password: 'Wrong12345' }, { ip: '10.45.0.1' });
    expect((await post('/api/auth/login', { mobile, password: PASSWORD }, { ip: '127.0.0.1' })).status).toBe(
      errorCatalogue.LOGIN_LOCKED.status,
    );
    await skipGaps(mobile);
    // registerUser signed up from 127.0.0.1: that address has a session of this account.
    expect((await askCode(mobile, 'smsLogin', { ip: '127.0.0.1' })).status).toBe(0);
    const login = await post('/api/auth/smsLogin', { mobile, code: await latestSmsCode(db(), mobile) }, { ip: '127.0.0.1' });
    expect(login.status).toBe(0);
  });

  it('a stranger’s request does not hold the owner back for the 60 s gap', async () => {
    const { mobile } = await registerUser(t.app, db());
    await skipGaps(mobile);
    expect((await askCode(mobile, 'smsLogin', { ip: '10.46.0.1' })).status).toBe(0);
    expect((await askCode(mobile, 'smsLogin', { ip: '127.0.0.1' })).status).toBe(0);
    expect((await askCode(mobile, 'smsLogin', { ip: '10.46.0.2' })).status).toBe(errorCatalogue.SMS_TOO_FREQUENT.status);
  });

  it('a device that logged in before counts as the owner from a new address', async () => {
    const { mobile } = await registerUser(t.app, db());
    expect((await post('/api/auth/login', { mobile, password: PASSWORD }, { ip: '10.47.0.1', device: DEVICE })).status).toBe(0);
    await burnStrangerQuota(mobile);
    await skipGaps(mobile);
    expect((await askCode(mobile, 'smsLogin', { ip: '10.47.9.9', device: DEVICE })).status).toBe(0);
    await skipGaps(mobile);
    expect((await askCode(mobile, 'smsLogin', { ip: '10.47.9.9', device: 'stranger-device-0123456789' })).status).toBe(
      errorCatalogue.SMS_DAILY_LIMIT.status,
    );
  });

  it('answers an unregistered number exactly like a registered one (strangers’ quota either way)', async () => {
    const unregistered = `1390000${String(process.pid % 10000).padStart(4, '0')}`;
    const statuses = await burnStrangerQuota(unregistered);
    expect(statuses.slice(0, STRANGER_PER_DAY).every((s) => s === 0)).toBe(true);
    expect(statuses.slice(STRANGER_PER_DAY).every((s) => s === errorCatalogue.SMS_DAILY_LIMIT.status)).toBe(true);
  });
});
