import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const P = '/api/personalCenter';
async function player(coinsFen: number) {
  const user = await givenUser(t.database.db, { coinsFen });
  return { user, token: await givenSession(t.database.db, user.id) };
}

describe('virtual goods', () => {
  it('lists the goods and buys one with coins; a second purchase extends it by its duration', async () => {
    const { token } = await player(10_000);
    const goods = (await call(t.app, 'GET', '/api/common/virtualGoods')).data;
    expect(goods.map((g: { name: string }) => g.name)).toContain('黄金头像框');
    const first = (await call(t.app, 'POST', `${P}/buyVirtual`, { id: 1 }, token)).data;
    expect(first).toMatchObject({ id: 1, owned: true, price: 1_880 });
    const second = (await call(t.app, 'GET', `${P}/buyVirtual`, { id: 1 }, token)).data;
    const days = (Date.parse(second.expireTime) - Date.parse(first.expireTime)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect((await call(t.app, 'GET', `${P}/myVirtual`, {}, token)).data.map((g: { id: number }) => g.id)).toEqual([1]);
    expect((await call(t.app, 'GET', `${P}/userInfo`, {}, token)).data.balance).toBe(10_000 - 2 * 1_880);
    await expectBooksBalanced(t.database.db);
  });

  it('refuses without money, an unknown good, a second forever good, and a guest', async () => {
    const poor = await player(100);
    expect((await call(t.app, 'POST', `${P}/buyVirtual`, { id: 1 }, poor.token)).status).toBe(2001);
    expect((await call(t.app, 'GET', `${P}/myVirtual`, {}, poor.token)).data).toEqual([]);
    const rich = await player(100_000);
    expect((await call(t.app, 'POST', `${P}/buyVirtual`, { id: 99 }, rich.token)).status).toBe(1002);
    expect((await call(t.app, 'POST', `${P}/buyVirtual`, { id: 4 }, rich.token)).data).toMatchObject({ owned: true, expireTime: null });
    expect((await call(t.app, 'POST', `${P}/buyVirtual`, { id: 4 }, rich.token)).status).toBe(1006);
    expect((await t.app.inject({ method: 'POST', url: `${P}/buyVirtual`, payload: { id: 1 } })).statusCode).toBe(401);
  });
});

describe('equipping virtual goods', () => {
  const worn = async (token: string) =>
    (await call(t.app, 'GET', `${P}/myVirtual`, {}, token)).data
      .filter((g: { equipped: boolean }) => g.equipped)
      .map((g: { id: number }) => g.id);

  it('wears one frame and one name colour at a time, takes a good off, and refuses a good not owned', async () => {
    const { token } = await player(100_000);
    for (const id of [1, 2, 3]) await call(t.app, 'POST', `${P}/buyVirtual`, { id }, token);
    expect(await worn(token)).toEqual([]);
    expect((await call(t.app, 'POST', `${P}/equipVirtual`, { id: 1 }, token)).data).toMatchObject({ id: 1, equipped: true });
    await call(t.app, 'POST', `${P}/equipVirtual`, { id: 3 }, token);
    expect(await worn(token)).toEqual([1, 3]);
    // Another frame replaces the first; the name colour stays.
    await call(t.app, 'POST', `${P}/equipVirtual`, { id: 2 }, token);
    expect(await worn(token)).toEqual([2, 3]);
    expect((await call(t.app, 'POST', `${P}/equipVirtual`, { id: 3, equip: false }, token)).data.equipped).toBe(false);
    expect(await worn(token)).toEqual([2]);
    expect((await call(t.app, 'POST', `${P}/equipVirtual`, { id: 4 }, token)).status).toBe(1002);
    expect((await call(t.app, 'POST', `${P}/equipVirtual`, { id: 1, equip: 'maybe' }, token)).status).not.toBe(0);
    expect((await t.app.inject({ method: 'POST', url: `${P}/equipVirtual`, payload: { id: 1 } })).statusCode).toBe(401);
  });

  it('does not wear an expired good', async () => {
    const { user, token } = await player(10_000);
    await call(t.app, 'POST', `${P}/buyVirtual`, { id: 1 }, token);
    await call(t.app, 'POST', `${P}/equipVirtual`, { id: 1 }, token);
    await t.database.db.execute(sql`update user_virtual_goods set expires_at = now() - interval '1 day' where user_id = ${user.id}`);
    expect(await worn(token)).toEqual([]);
    expect((await call(t.app, 'POST', `${P}/equipVirtual`, { id: 1 }, token)).status).toBe(1002);
  });
});

describe.skipIf(!usingPostgres())('equipping under concurrency (PostgreSQL)', () => {
  it('leaves exactly one frame worn when two frames are equipped at once', async () => {
    const { token } = await player(100_000);
    for (const id of [1, 2]) await call(t.app, 'POST', `${P}/buyVirtual`, { id }, token);
    for (let round = 0; round < 5; round++) {
      await Promise.all([1, 2, 1, 2].map((id) => call(t.app, 'POST', `${P}/equipVirtual`, { id }, token)));
      const goods = (await call(t.app, 'GET', `${P}/myVirtual`, {}, token)).data;
      expect(goods.filter((g: { equipped: boolean }) => g.equipped)).toHaveLength(1);
    }
  });
});
