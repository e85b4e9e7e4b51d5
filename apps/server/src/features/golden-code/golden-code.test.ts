import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorMessage, errorStatus } from '@skinfair/contract';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { usingPostgres } from '../../testing/test-db.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { catalogItems } from '../catalog/index.js';
import { goldenCodeRefusals, MAX_FAILED_TRIES_PER_IP, MAX_FAILED_TRIES_PER_USER } from './service.js';
import { createGoldenCode, seedDemoGoldenCode, type NewGoldenCode } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const DAY_MS = 24 * 3_600_000;

// Every player comes from their own address, so the per-IP guess counter only sees what a test means it to.
let ipCounter = 0;
const freshIp = () => {
  const n = ++ipCounter + (process.pid % 200) * 1000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
// Each player on their own device too: a code is once per device as well (docs/decisions/0016; its own tests).
async function player(ip = freshIp()) {
  const user = await givenUser(db());
  return { user, token: await givenSession(db(), user.id), ip, device: `test-device-${process.pid}-${user.id}` };
}
type Player = Awaited<ReturnType<typeof player>>;

async function redeem(p: Player, code: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/redPacket/receive',
    headers: { token: p.token, 'device-id': p.device, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ code }),
    remoteAddress: p.ip,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.json() as { status: number; msg: string; data: any };
}

let codeCounter = 0;
const freshCode = (prefix = 'GC') => `${prefix}${process.pid % 10_000}X${++codeCounter}${Date.now() % 100_000}`.slice(0, 32);
async function givenCode(input: Partial<NewGoldenCode> = {}) {
  const rewardType = input.rewardType ?? 'coin';
  return createGoldenCode(db(), {
    code: freshCode(),
    maxUses: 10,
    expiresAt: new Date(Date.now() + DAY_MS),
    ...(rewardType === 'coin' && input.amountFen === undefined ? { amountFen: 500 } : {}),
    ...input,
    rewardType,
  });
}

const refused = (key: keyof typeof goldenCodeRefusals) => ({
  status: errorStatus(goldenCodeRefusals[key]),
  msg: errorMessage(goldenCodeRefusals[key]),
  data: null,
});
const balance = async (p: Player) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, p.token)).data.balance as number;
const usedCount = async (codeId: number) =>
  toInt((await queryRows<{ used_count: unknown }>(db(), sql`SELECT used_count FROM golden_codes WHERE id = ${codeId}`))[0]?.used_count);
const goldenTransfers = async (codeId: number) =>
  toInt(
    (
      await queryRows<{ n: unknown }>(
        db(),
        sql`SELECT count(*) AS n FROM ledger_transfers WHERE code = 'golden_code' AND ref_id = ${String(codeId)}`,
      )
    )[0]?.n,
  );

describe('redeeming a Golden Code', () => {
  it('credits the coins from promotions, records the flow, tells the player and lists the redemption', async () => {
    const p = await player();
    const code = await givenCode({ amountFen: 1_234 });
    const res = await redeem(p, `  ${code.code.toLowerCase()} `);
    expect(res).toEqual({ status: 0, msg: expect.any(String), data: { rewardType: 'coin', amount: 1_234 } });
    expect(await balance(p)).toBe(1_234);
    const flows = (await call(t.app, 'GET', '/api/personalCenter/getMyBalanceLog', {}, p.token)).data.pageData;
    expect(flows[0]).toMatchObject({
      actionType: 'golden_code',
      actionName: 'Golden Code',
      changeAmount: 1_234,
      balanceAfter: 1_234,
    });
    const messages = (await call(t.app, 'GET', '/api/message/listMessage', {}, p.token)).data.pageData;
    expect(messages[0]).toMatchObject({ type: 'reward', title: 'Golden Code 领取成功' });
    expect(messages[0].summary).toContain('¥12.34');
    const records = (await call(t.app, 'GET', '/api/personalCenter/getMyGoldenCodePage', { page: 1, pageSize: 10 }, p.token)).data;
    expect(records.totalRows).toBe(1);
    expect(records.pageData[0]).toMatchObject({
      rewardType: 'coin',
      amount: 1_234,
      code: `${'*'.repeat(code.code.length - 4)}${code.code.slice(-4)}`,
    });
    expect(await usedCount(code.id)).toBe(1);
    await expectBooksBalanced(db());
  });

  it('refuses a second redemption by the same player and takes no second use', async () => {
    const p = await player();
    const code = await givenCode({ amountFen: 300 });
    expect((await redeem(p, code.code)).status).toBe(0);
    expect(await redeem(p, code.code)).toEqual(refused('alreadyRedeemed'));
    expect(await balance(p)).toBe(300);
    expect(await usedCount(code.id)).toBe(1);
    expect(await goldenTransfers(code.id)).toBe(1);
    await expectBooksBalanced(db());
  });

  it('answers an expired code exactly like an unknown one', async () => {
    const p = await player();
    const code = await givenCode();
    await db().execute(sql`UPDATE golden_codes SET expires_at = now() - interval '1 minute' WHERE id = ${code.id}`);
    const expired = await redeem(p, code.code);
    const unknown = await redeem(p, 'NOSUCHCODE2026');
    expect(expired).toEqual(refused('invalid'));
    expect(unknown).toEqual(expired);
    expect(await usedCount(code.id)).toBe(0);
    expect(await balance(p)).toBe(0);
  });

  it('refuses a used-up code', async () => {
    const [a, b] = [await player(), await player()];
    const code = await givenCode({ maxUses: 1 });
    expect((await redeem(a, code.code)).status).toBe(0);
    expect(await redeem(b, code.code)).toEqual(refused('usedUp'));
    expect(await usedCount(code.id)).toBe(1);
    expect(await balance(b)).toBe(0);
    await expectBooksBalanced(db());
  });

  it('puts an item reward in the backpack', async () => {
    const p = await player();
    const [item] = await db().select().from(catalogItems).orderBy(catalogItems.id).limit(1);
    const code = await givenCode({ rewardType: 'item', itemId: item!.id });
    expect((await redeem(p, code.code)).data).toEqual({
      rewardType: 'item',
      amount: item!.recoveryPriceFen,
      itemName: item!.name,
    });
    const backpack = (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', {}, p.token)).data.pageData;
    expect(backpack).toHaveLength(1);
    expect(backpack[0]).toMatchObject({
      giftId: item!.id,
      giftName: item!.name,
      state: 'in_backpack',
      sourceType: 'golden_code',
    });
    const records = (await call(t.app, 'GET', '/api/personalCenter/getMyGoldenCodePage', {}, p.token)).data.pageData;
    expect(records[0]).toMatchObject({ rewardType: 'item', itemName: item!.name });
    await expectBooksBalanced(db());
  });

  it('grants a box reward as a free box', async () => {
    const p = await player();
    const code = await givenCode({ rewardType: 'box', boxId: 1 });
    const res = await redeem(p, code.code);
    expect(res.data).toMatchObject({ rewardType: 'box', boxName: expect.any(String) });
    const boxes = (await call(t.app, 'GET', '/api/personalCenter/getMyFreeBoxPage', {}, p.token)).data.pageData;
    expect(boxes).toEqual([expect.objectContaining({ boxId: 1, boxName: res.data.boxName, reason: 'golden_code', used: false })]);
  });

  it('grants a coupon reward that the player can use at checkout', async () => {
    const p = await player();
    const code = await givenCode({ rewardType: 'coupon', couponType: 1, discountBp: 1_000, minSpendFen: 0 });
    const res = await redeem(p, code.code);
    expect(res.data).toMatchObject({ rewardType: 'coupon', amount: 0, couponName: '开箱9折券' });
    const coupons = (await call(t.app, 'GET', '/api/personalCenter/getMyCoupons', { couponType: 1 }, p.token)).data;
    expect(coupons).toEqual([expect.objectContaining({ voucherName: '开箱9折券', discountBp: 1_000, couponType: 1 })]);
  });

  it('answers a repeated Idempotency-Key with the first response', async () => {
    const p = await player();
    const code = await givenCode({ amountFen: 700 });
    const first = await redeem(p, code.code, { 'idempotency-key': 'gc-key-1' });
    const again = await redeem(p, code.code, { 'idempotency-key': 'gc-key-1' });
    expect(again).toEqual(first);
    expect(await balance(p)).toBe(700);
  });
});

describe('guess protection', () => {
  it(`refuses after ${MAX_FAILED_TRIES_PER_USER} failed tries in an hour, even a valid code; a success does not count`, async () => {
    const p = await player();
    const valid = await givenCode({ amountFen: 100 });
    const later = await givenCode({ amountFen: 100 });
    for (let i = 0; i < MAX_FAILED_TRIES_PER_USER - 1; i++) expect(await redeem(p, `WRONG${i}CODE`)).toEqual(refused('invalid'));
    expect((await redeem(p, valid.code)).status).toBe(0); // the 10th try, a success: not counted
    expect(await redeem(p, 'WRONGCODE10')).toEqual(refused('invalid')); // the 10th failure
    expect(await redeem(p, later.code)).toEqual(refused('tooManyTries'));
    expect(await redeem(p, 'WRONGCODE11')).toEqual(refused('tooManyTries'));
    expect(await usedCount(later.id)).toBe(0);
    expect(await balance(p)).toBe(100);
    // Another player is not affected.
    expect((await redeem(await player(), later.code)).status).toBe(0);
  });

  it(`refuses an address after ${MAX_FAILED_TRIES_PER_IP} failed tries from any of its players`, async () => {
    const ip = freshIp();
    const players = [await player(ip), await player(ip), await player(ip)];
    for (let i = 0; i < MAX_FAILED_TRIES_PER_IP; i++)
      expect((await redeem(players[i % 3]!, `IPGUESS${i}X`)).status).toBe(errorStatus(goldenCodeRefusals.invalid));
    const code = await givenCode();
    expect(await redeem(await player(ip), code.code)).toEqual(refused('tooManyTries'));
    expect((await redeem(await player(), code.code)).status).toBe(0);
  });

  it("counts an IPv6 client by its /64: moving within the subscriber's block does not reset the count (issue 9 §8)", async () => {
    const block = `2001:db8:${(process.pid % 65_000).toString(16)}:${(++ipCounter).toString(16)}`;
    for (let i = 0; i < MAX_FAILED_TRIES_PER_IP; i++)
      expect((await redeem(await player(`${block}::${(i + 1).toString(16)}`), `V6GUESS${i}X`)).status).toBe(
        errorStatus(goldenCodeRefusals.invalid),
      );
    const code = await givenCode();
    expect(await redeem(await player(`${block}::ffff:1`), code.code)).toEqual(refused('tooManyTries'));
  });
});

describe('input', () => {
  it('asks for a login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/redPacket/receive',
      payload: { code: 'SKINFAIR2026' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, msg: '请先登录', data: null });
    expect((await call(t.app, 'GET', '/api/personalCenter/getMyGoldenCodePage')).status).toBe(401);
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
    ['too short', 'ABC12'],
    ['too long', 'A'.repeat(33)],
    ['symbols', 'SPRING-2026'],
    ['SQL', "X' OR '1'='1"],
    ['not a string', 12345678],
  ])('refuses a %s code with a Chinese message and counts no guess', async (_name, code) => {
    const p = await player();
    const res = await redeem(p, code);
    expect(res.status).toBe(1001);
    expect(res.msg).toContain('Golden Code 格式错误');
    expect(await queryRows(db(), sql`SELECT 1 FROM throttles WHERE key = ${`golden:fail:user:${p.user.id}`} AND count > 0`)).toHaveLength(
      0,
    );
  });
});

describe('operators', () => {
  it('create codes with exactly the field of their type, at least one use and a future expiry', async () => {
    const future = new Date(Date.now() + DAY_MS);
    const base = { code: freshCode(), maxUses: 5, expiresAt: future };
    await expect(createGoldenCode(db(), { ...base, rewardType: 'coin' })).rejects.toMatchObject({
      code: 'PARAM_INVALID',
    });
    await expect(createGoldenCode(db(), { ...base, rewardType: 'coin', amountFen: 100, boxId: 1 })).rejects.toMatchObject({
      code: 'PARAM_INVALID',
    });
    await expect(createGoldenCode(db(), { ...base, rewardType: 'item', amountFen: 100 })).rejects.toMatchObject({ code: 'PARAM_INVALID' });
    await expect(createGoldenCode(db(), { ...base, rewardType: 'box', boxId: 99_999 })).rejects.toMatchObject({
      code: 'ADMIN_GOLDEN_CODE_REWARD',
    });
    await expect(createGoldenCode(db(), { ...base, rewardType: 'coin', amountFen: 0 })).rejects.toMatchObject({ code: 'PARAM_INVALID' });
    await expect(createGoldenCode(db(), { ...base, rewardType: 'coin', amountFen: 100, maxUses: 0 })).rejects.toMatchObject({
      code: 'PARAM_INVALID',
    });
    await expect(
      createGoldenCode(db(), {
        ...base,
        rewardType: 'coin',
        amountFen: 100,
        expiresAt: new Date(Date.now() - 1),
      }),
    ).rejects.toMatchObject({ code: 'PARAM_INVALID' });
    await expect(createGoldenCode(db(), { ...base, code: 'AB-1234', rewardType: 'coin', amountFen: 100 })).rejects.toMatchObject({
      code: 'PARAM_INVALID',
    });
    const made = await createGoldenCode(db(), {
      ...base,
      code: base.code.toLowerCase(),
      rewardType: 'coin',
      amountFen: 100,
    });
    expect(made).toMatchObject({
      code: base.code,
      rewardType: 'coin',
      amountFen: 100,
      maxUses: 5,
      usedCount: 0,
    });
    await expect(createGoldenCode(db(), { ...base, rewardType: 'coin', amountFen: 100 })).rejects.toMatchObject({
      code: 'ADMIN_GOLDEN_CODE_EXISTS',
    });
  });

  it('seed the demo code once, worth ¥8.88', async () => {
    await seedDemoGoldenCode(db());
    await seedDemoGoldenCode(db());
    const rows = await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM golden_codes WHERE code = 'SKINFAIR2026'`);
    expect(toInt(rows[0]?.n)).toBe(1);
    const p = await player();
    expect((await redeem(p, 'skinfair2026')).data).toEqual({ rewardType: 'coin', amount: 888 });
    await expectBooksBalanced(db());
  });
});

describe.skipIf(!usingPostgres())('under concurrency (PostgreSQL)', () => {
  it('gives exactly 10 when 100 players redeem a code with 10 uses at once', async () => {
    const players = await Promise.all(Array.from({ length: 100 }, () => player()));
    const code = await givenCode({ amountFen: 1_000, maxUses: 10 });
    const results = await Promise.all(players.map((p) => redeem(p, code.code)));
    expect(results.filter((r) => r.status === 0)).toHaveLength(10);
    expect(results.filter((r) => r.status !== 0).every((r) => r.status === errorStatus(goldenCodeRefusals.usedUp))).toBe(true);
    expect(await usedCount(code.id)).toBe(10);
    expect(await goldenTransfers(code.id)).toBe(10);
    const redemptions = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM golden_code_redemptions WHERE code_id = ${code.id}`,
    );
    expect(toInt(redemptions[0]?.n)).toBe(10);
    await expectBooksBalanced(db());
  });

  it('lets no more than the limit of concurrent wrong guesses through', async () => {
    const p = await player();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => redeem(p, `RACEGUESS${i}`)));
    expect(results.filter((r) => r.status === errorStatus(goldenCodeRefusals.invalid))).toHaveLength(MAX_FAILED_TRIES_PER_USER);
    expect(results.filter((r) => r.status === errorStatus(goldenCodeRefusals.tooManyTries))).toHaveLength(30 - MAX_FAILED_TRIES_PER_USER);
  });

  it('gives one player one use however many times they press at once', async () => {
    const p = await player();
    const code = await givenCode({ amountFen: 200, maxUses: 50 });
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem(p, code.code)));
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    expect(await usedCount(code.id)).toBe(1);
    expect(await balance(p)).toBe(200);
    await expectBooksBalanced(db());
  });
});
