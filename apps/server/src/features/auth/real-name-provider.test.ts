import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call, refused, registerUser, userSmsCodeFor } from '../../testing/auth-helpers.js';
import { startRealNameStub, type RealNameStub } from '../../testing/stubs/realname-stub.js';
import { idCardCheckChar } from './id-card.js';
import { realNameChecks } from './tables.js';

/**
 * Issue 17: the real-name check through a real identity API (REALNAME_PROVIDER=tencent-faceid), here a
 * local stub of Tencent Cloud FaceID IdCardVerification that checks the TC3 signature. A match verifies
 * the account; a mismatch spends one of the day's attempts; a provider outage or timeout is neither a
 * mismatch nor an attempt, and the SMS code still works. Each answer is kept with the provider's
 * reference, never with the raw ID number.
 */
const account = { secretId: 'AKIDstubFaceId0002', secretKey: 'stub-faceid-key-0002' };
let stub: RealNameStub;
let t: TestApp;

beforeAll(async () => {
  stub = await startRealNameStub(account);
  t = await buildTestApp({
    env: {
      REALNAME_PROVIDER: 'tencent-faceid',
      REALNAME_TENCENT_SECRET_ID: account.secretId,
      REALNAME_TENCENT_SECRET_KEY: account.secretKey,
      REALNAME_TENCENT_ENDPOINT: stub.url,
      REALNAME_TIMEOUT_MS: '500',
      REALNAME_MAX_ATTEMPTS_PER_DAY: '2',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const db = () => t.database.db;
type Player = { token: string; userId: number; mobile: string };
let seq = 300;
const newId = () => {
  const first17 = `11010119880808${String(++seq)}`;
  return first17 + idCardCheckChar(first17);
};
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
const isVerified = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data.verified as boolean;
const checksOf = (p: Player) => db().select().from(realNameChecks).where(eq(realNameChecks.userId, p.userId)).orderBy(realNameChecks.id);

describe('real-name check through Tencent Cloud FaceID (REALNAME_PROVIDER=tencent-faceid)', () => {
  it('a name that matches the registry verifies the account; the result and the provider’s reference are kept, never the ID number', async () => {
    const p = await newPlayer();
    const id = newId();
    stub.register(id, '王小明');
    expect(await verify(p, '王小明', id, await verifyCode(p))).toEqual({ status: 0, msg: '', data: { verified: true } });
    expect(await isVerified(p)).toBe(true);
    const [check] = await checksOf(p);
    expect(check).toMatchObject({ provider: 'tencent-faceid', result: 'matched', providerRef: stub.checks.at(-1)!.requestId });
    expect(JSON.stringify(check)).not.toContain(id.slice(6, 14));
    expect(stub.checks.at(-1)).toMatchObject({ idCard: id, name: '王小明', result: '0' });
  });

  it('a mismatch is refused and spends an attempt; after the day’s attempts even a right name waits for tomorrow', async () => {
    const p = await newPlayer();
    const id = newId();
    stub.register(id, '李华');
    expect(await verify(p, '李四', id, await verifyCode(p))).toEqual(refused('REAL_NAME_INVALID'));
    expect(await verify(p, '李五', id, await verifyCode(p))).toEqual(refused('REAL_NAME_INVALID'));
    expect((await checksOf(p)).map((c) => c.result)).toEqual(['mismatch', 'mismatch']);
    const checksAtProvider = stub.checks.length;
    expect(await verify(p, '李华', id, await verifyCode(p))).toEqual(refused('REAL_NAME_TOO_MANY_TRIES'));
    expect(stub.checks.length).toBe(checksAtProvider);
    expect(await isVerified(p)).toBe(false);
  });

  it('a provider outage is reported as such, is no mismatch and no attempt, and the same SMS code works once it is back', async () => {
    const p = await newPlayer();
    const id = newId();
    stub.register(id, '赵敏');
    const code = await verifyCode(p);
    stub.setMode('registry-down');
    try {
      // More outages than the day's attempts: none of them counts.
      for (let i = 0; i < 3; i++) expect(await verify(p, '赵敏', id, code)).toEqual(refused('REAL_NAME_SERVICE_UNAVAILABLE'));
    } finally {
      stub.setMode('up');
    }
    expect((await checksOf(p)).map((c) => c.result)).toEqual(['error', 'error', 'error']);
    expect(await isVerified(p)).toBe(false);
    expect(await verify(p, '赵敏', id, code)).toEqual({ status: 0, msg: '', data: { verified: true } });
    expect((await checksOf(p)).map((c) => c.result)).toEqual(['error', 'error', 'error', 'matched']);
  });

  it('a provider that does not answer in time is a timeout: no mismatch, no attempt, the code still works', async () => {
    const p = await newPlayer();
    const id = newId();
    stub.register(id, '周芷若');
    const code = await verifyCode(p);
    stub.setMode('hang');
    try {
      expect(await verify(p, '周芷若', id, code)).toEqual(refused('REAL_NAME_SERVICE_UNAVAILABLE'));
    } finally {
      stub.setMode('up');
    }
    expect((await checksOf(p)).map((c) => c.result)).toEqual(['timeout']);
    expect(await verify(p, '周芷若', id, code)).toEqual({ status: 0, msg: '', data: { verified: true } });
  });

  it('the redirect flow (a face-check page) is not offered by this provider, and certifyOptions says so', async () => {
    const p = await newPlayer();
    expect((await call(t.app, 'GET', '/api/auth/certifyOptions', {}, p.token)).data).toEqual({ registry: true, providerPage: false });
    expect(await call(t.app, 'POST', '/api/auth/certify', { realName: '张无忌', idCard: newId() }, p.token)).toEqual(
      refused('FEATURE_UNAVAILABLE'),
    );
  });
});
