import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call, refused, registerUser, userSmsCodeFor } from '../../testing/auth-helpers.js';
import { idCardCheckChar, todayInChina } from './id-card.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Player = { token: string; userId: number; mobile: string };

/** A valid number for a birth date (region 110101); vary `seq` for distinct people born the same day. */
const makeIdCard = (yyyymmdd: string, seq = '123') => {
  const first17 = `110101${yyyymmdd}${seq}`;
  return first17 + idCardCheckChar(first17);
};
let seqCounter = 200;
const adultId = () => makeIdCard('19900101', String(++seqCounter));

/** Each account here asks for codes within a minute; the send throttles have their own tests. */
const clearSendLimits = () => db().execute(sql`DELETE FROM throttles WHERE key LIKE 'sms:%'`);
const newPlayer = async (): Promise<Player> => {
  await clearSendLimits();
  return registerUser(t.app, db());
};
const verifyCode = async (p: Player) => {
  await clearSendLimits();
  return userSmsCodeFor(t.app, db(), p.token, p.mobile, 'verify');
};
const verify = (p: Player, realName: string, idCard: string, smsCode: string) =>
  call(t.app, 'POST', '/api/auth/verify', { realName, idCard, smsCode }, p.token);
const info = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data;
const verified = { status: 0, msg: '', data: { verified: true } };

describe('real-name check with an SMS code', () => {
  it('verifies a player once, and a second attempt is refused', async () => {
    const p = await newPlayer();
    expect(await verify(p, '张三', makeIdCard('19900101'), await verifyCode(p))).toEqual(verified);
    expect(await info(p)).toMatchObject({ verified: true, canSpend: true });
    expect(await verify(p, '张三', makeIdCard('19900101'), '123456')).toEqual(refused('ALREADY_VERIFIED'));
  });

  it('refuses a wrong check character without spending the SMS code', async () => {
    const p = await newPlayer();
    const good = adultId();
    const bad = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    const code = await verifyCode(p);
    expect(await verify(p, '李四', bad, code)).toEqual(refused('ID_CARD_INVALID'));
    expect((await info(p)).verified).toBe(false);
    expect(await verify(p, '李四', good, code)).toEqual(verified);
  });

  it('refuses a wrong SMS code', async () => {
    const p = await newPlayer();
    const code = await verifyCode(p);
    expect(await verify(p, '王五', adultId(), code === '000000' ? '111111' : '000000')).toEqual(refused('SMS_CODE_INVALID'));
    expect((await info(p)).verified).toBe(false);
  });

  it('refuses a 17-year-old and blocks the account from spending, whatever ID comes next', async () => {
    const p = await newPlayer();
    const today = todayInChina();
    const birth = `${today.getUTCFullYear() - 17}${String(today.getUTCMonth() + 1).padStart(2, '0')}${String(Math.min(today.getUTCDate(), 28)).padStart(2, '0')}`;
    const code = await verifyCode(p);
    expect(await verify(p, '赵六', makeIdCard(birth), code)).toEqual(refused('UNDER_AGE'));
    expect(await info(p)).toMatchObject({ verified: false, canSpend: false });
    expect(await verify(p, '赵六', adultId(), code)).toEqual(verified);
    expect(await info(p)).toMatchObject({ verified: true, canSpend: false });
  });

  it('refuses an ID number already bound to another verified account', async () => {
    const first = await newPlayer();
    const second = await newPlayer();
    const id = adultId();
    expect(await verify(first, '孙七', id, await verifyCode(first))).toEqual(verified);
    const code = await verifyCode(second);
    expect(await verify(second, '孙七', id, code)).toEqual(refused('ID_CARD_USED'));
    expect(await verify(second, '孙七', id.toLowerCase(), code)).toEqual(refused('ID_CARD_USED'));
    expect((await info(second)).verified).toBe(false);
  });

  it("refuses a name the provider cannot match (the sandbox's 测试失败…)", async () => {
    const p = await newPlayer();
    expect(await verify(p, '测试失败', adultId(), await verifyCode(p))).toEqual(refused('REAL_NAME_INVALID'));
    expect((await info(p)).verified).toBe(false);
  });

  it('refuses a malformed name or ID number', async () => {
    const p = await newPlayer();
    expect(await verify(p, 'abc', adultId(), '123456')).toEqual(refused('REAL_NAME_INVALID'));
    expect(await verify(p, '张三', '123', '123456')).toEqual(refused('ID_CARD_INVALID'));
    expect(await verify(p, '张三', adultId(), '12')).toEqual(refused('SMS_CODE_FORMAT'));
    expect((await info(p)).verified).toBe(false);
  });

  it('answers HTTP 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { realName: '张三', idCard: adultId(), smsCode: '123456' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(refused('NOT_LOGGED_IN'));
  });
});

describe('real-name check through the provider page', () => {
  it('is offered by a provider with a page (the sandbox): certifyOptions names both ways, to a signed-in player', async () => {
    const p = await newPlayer();
    expect((await call(t.app, 'GET', '/api/auth/certifyOptions', {}, p.token)).data).toEqual({ registry: true, providerPage: true });
    expect((await call(t.app, 'GET', '/api/auth/certifyOptions', {})).status).toBe(401);
  });

  const start = async (p: Player, idCard = adultId(), realName = '周八') => {
    const res = await call(t.app, 'POST', '/api/auth/certify', { realName, idCard }, p.token);
    expect(res.status).toBe(0);
    return res.data as { certifyId: string; redirectUrl: string };
  };
  const location = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    return res.headers.location;
  };
  const complete = async (certifyId: string, result: 'pass' | 'fail') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/certify/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ certifyId, result }).toString(),
    });
    expect(res.statusCode).toBe(302);
    return res.headers.location;
  };
  const result = (p: Player, certifyId: string) => call(t.app, 'GET', '/api/auth/certifyResult', { certifyId }, p.token);

  it('sends the browser to the provider page for a pending certification', async () => {
    const p = await newPlayer();
    const { certifyId, redirectUrl } = await start(p);
    expect(certifyId).toMatch(/^[0-9a-f]{32}$/);
    expect(redirectUrl).toBe(`/api/auth/certifyRedirect?certifyId=${certifyId}`);
    expect(await result(p, certifyId)).toEqual({ status: 0, msg: '', data: { certifyId, state: 'pending', verified: false } });

    const providerPage = await location(redirectUrl);
    expect(providerPage).toBe(`/api/sandbox/certify?certifyId=${certifyId}`);
    const page = await t.app.inject({ method: 'GET', url: providerPage! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`value="${certifyId}"`);
    expect(await complete(certifyId, 'pass')).toBe(`/personal?certifyId=${certifyId}`);
  });

  // Server bug: completeCertification passes the whole certifications row to markVerified, whose update
  // then sets users.id to the hex certify id; the transaction fails and the sandbox route swallows it.
  it('records a passed verdict and shows the account verified', async () => {
    const p = await newPlayer();
    const { certifyId, redirectUrl } = await start(p);
    await complete(certifyId, 'pass');
    expect(await result(p, certifyId)).toEqual({ status: 0, msg: '', data: { certifyId, state: 'passed', verified: true } });
    expect(await info(p)).toMatchObject({ id: p.userId, verified: true, canSpend: true });
    expect(await location(redirectUrl)).toBe(`/personal?certifyId=${certifyId}`);
  });

  it('records a failed verdict, and a later verdict does not change it', async () => {
    const p = await newPlayer();
    const { certifyId } = await start(p);
    expect(await complete(certifyId, 'fail')).toBe(`/personal?certifyId=${certifyId}`);
    expect((await result(p, certifyId)).data).toEqual({ certifyId, state: 'failed', verified: false });
    await complete(certifyId, 'pass');
    expect((await result(p, certifyId)).data).toEqual({ certifyId, state: 'failed', verified: false });
    expect((await info(p)).verified).toBe(false);
  });

  it("treats another player's certification as missing", async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const { certifyId } = await start(owner);
    expect(await result(other, certifyId)).toEqual(refused('NOT_FOUND'));
    expect(await result(owner, 'f'.repeat(32))).toEqual(refused('NOT_FOUND'));
  });

  it('lands an unknown or malformed certification id on the personal page with an error flag', async () => {
    expect(await location(`/api/auth/certifyRedirect?certifyId=${'0'.repeat(32)}`)).toBe('/personal?certifyError=1');
    expect(await location('/api/auth/certifyRedirect?certifyId=x')).toBe('/personal?certifyError=1');
    expect(await location('/api/auth/certifyRedirect')).toBe('/personal?certifyError=1');
  });

  it('applies the same checks as the SMS route before starting', async () => {
    const p = await newPlayer();
    const bad = adultId().slice(0, 17) + 'Y';
    expect(await call(t.app, 'POST', '/api/auth/certify', { realName: '吴九', idCard: bad }, p.token)).toEqual(refused('ID_CARD_INVALID'));
    expect(await call(t.app, 'POST', '/api/auth/certify', { realName: 'abc', idCard: adultId() }, p.token)).toEqual(
      refused('REAL_NAME_INVALID'),
    );
    expect(await verify(p, '吴九', adultId(), await verifyCode(p))).toEqual(verified);
    expect(await call(t.app, 'POST', '/api/auth/certify', { realName: '吴九', idCard: adultId() }, p.token)).toEqual(
      refused('ALREADY_VERIFIED'),
    );
  });

  // Server bug (once the one above is fixed): the second pass violates users_id_card_hash,
  // completeCertification rolls back its own state change, and the certification stays 'pending' for good.
  it('ends a passed verdict for an ID that another account verified meanwhile as failed, not pending', async () => {
    const first = await newPlayer();
    const second = await newPlayer();
    const id = adultId();
    const a = await start(first, id);
    const b = await start(second, id);
    await complete(a.certifyId, 'pass');
    await complete(b.certifyId, 'pass');
    expect((await info(second)).verified).toBe(false);
    expect((await result(second, b.certifyId)).data).toEqual({ certifyId: b.certifyId, state: 'failed', verified: false });
  });
});
