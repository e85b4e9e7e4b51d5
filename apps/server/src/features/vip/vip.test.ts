import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errorCatalogue } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { deposit } from '../../testing/payment-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** A player whose calls come from a device of their own, as the web app's do (decision 0016). */
async function player(device = randomBytes(16).toString('hex')) {
  const user = await givenUser(t.database.db);
  const token = await givenSession(t.database.db, user.id);
  await t.app.inject({ method: 'GET', url: '/api/personalCenter/userInfo', headers: { token, 'device-id': device } });
  return { user, token };
}
const info = async (token: string) => (await call(t.app, 'GET', '/api/personalCenter/getGradeInfo', {}, token)).data;
const countCode = async (userId: number, code: string) =>
  toInt(
    (
      await queryRows<{ n: unknown }>(
        t.database.db,
        sql`SELECT count(*) AS n FROM ledger_transfers tr JOIN ledger_accounts a ON a.id = tr.credit_account_id WHERE a.user_id = ${userId} AND tr.code = ${code}`,
      )
    )[0]?.n,
  );

describe('VIP grades', () => {
  it('starts at grade 0 with the ladder, the next threshold and the perks', async () => {
    const { token } = await player();
    const g = await info(token);
    expect(g).toMatchObject({ grade: 0, gradeName: '青铜', exp: 0, nextGrade: 1, nextExp: 10_000 });
    expect(g.grades).toHaveLength(7);
    expect(g.grades[2]).toMatchObject({ grade: 2, name: '黄金', levelReward: 800, freeBoxes: 1, received: false });
  });

  it('levels up from deposits, granting each crossed grade’s reward exactly once', async () => {
    const { user, token } = await player();
    await deposit(t, token, 60_000); // ¥600: crosses grade 1 (¥100) and 2 (¥500) at once
    const g = await info(token);
    expect(g).toMatchObject({ grade: 2, exp: 60_000, nextGrade: 3, nextExp: 200_000 });
    expect(g.grades.filter((x: { received: boolean }) => x.received).map((x: { grade: number }) => x.grade)).toEqual([1, 2]);
    expect(await countCode(user.id, 'vip_reward')).toBe(2);
    // The points perk (docs/decisions/0016): ¥5 at grade 1 and ¥10 at grade 2, into the points balance.
    expect(await countCode(user.id, 'vip_points')).toBe(2);
    expect(g.grades.slice(1, 3).map((x: { levelPoints: number }) => x.levelPoints)).toEqual([500, 1_000]);
    const packets = (await call(t.app, 'GET', '/api/personalCenter/getMyRewardPage', {}, token)).data.pageData;
    expect(packets.map((v: { voucherName: string; amount: number }) => [v.voucherName, v.amount])).toEqual([['VIP2 升级红包', 376]]);
    const free = (await call(t.app, 'GET', '/api/personalCenter/getMyFreeBoxPage', {}, token)).data;
    expect(free.pageData.filter((f: { reason: string }) => f.reason === 'vip')).toHaveLength(2);
    await deposit(t, token, 1_000); // grade 2 again: no second reward, but the grade-2 recharge bonus
    expect(await countCode(user.id, 'vip_reward')).toBe(2);
    expect(await countCode(user.id, 'vip_recharge_bonus')).toBe(1);
    const me = (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data;
    // 60000 + rewards 200 + 800 + second deposit 1000 + 0.5 % of it (no first-deposit bonus: not verified)
    expect(me).toMatchObject({ grade: 2, balance: 60_000 + 200 + 800 + 1_000 + 5, integral: 1_500 });
    expect(await countCode(user.id, 'vip_points')).toBe(2);
    await expectBooksBalanced(t.database.db);
  });

  it('grants a grade’s rewards once per device and per real-name identity; a refused grade says why (decision 0016)', async () => {
    const device = randomBytes(16).toString('hex');
    const [a, b] = [await player(device), await player(device)];
    await deposit(t, a.token, 10_000);
    await deposit(t, b.token, 10_000);
    expect((await info(a.token)).grades[1]).toMatchObject({ grade: 1, received: true });
    // b reaches grade 1 too, but its rewards were taken on this device.
    const g = await info(b.token);
    expect(g).toMatchObject({ grade: 1 });
    expect(g.grades[1]).toMatchObject({ received: false });
    expect([await countCode(b.user.id, 'vip_reward'), await countCode(b.user.id, 'vip_points')]).toEqual([0, 0]);
    expect((await call(t.app, 'GET', '/api/personalCenter/getMyFreeBoxPage', {}, b.token)).data.pageData).toEqual([]);
    const messages = JSON.stringify((await call(t.app, 'GET', '/api/message/listMessage', {}, b.token)).data);
    expect(messages).toContain(`升级奖励未发放：${errorCatalogue.BONUS_DEVICE_CLAIMED.zh}`);

    // One verified person on a second account and device: the identity has had grade 1.
    const person = `vip-id-${process.pid}-${a.user.id}`;
    await t.database.db.execute(sql`UPDATE users SET id_card_hash = ${person}, verified_at = now() WHERE id = ${a.user.id}`);
    await deposit(t, a.token, 40_000); // grade 2, claimed for the person now too
    await t.database.db.execute(sql`UPDATE users SET id_card_hash = NULL, verified_at = NULL WHERE id = ${a.user.id}`);
    const c = await player();
    await t.database.db.execute(sql`UPDATE users SET id_card_hash = ${person}, verified_at = now() WHERE id = ${c.user.id}`);
    await deposit(t, c.token, 50_000);
    expect((await info(c.token)).grades.slice(1, 3).map((x: { received: boolean }) => x.received)).toEqual([true, false]);
    await expectBooksBalanced(t.database.db);
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/personalCenter/getGradeInfo' })).statusCode).toBe(401);
  });
});
