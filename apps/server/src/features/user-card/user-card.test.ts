import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { updateUser } from '../users/index.js';
import { insertDrops } from '../stats/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const card = (userId: unknown) => call(t.app, 'GET', '/api/user/publicCard', { userId });

/** An ended battle in which `userId` sat at seat 1 against a bot; `won` sets the winning seat. */
let battles = 0;
async function givenEndedBattle(userId: number, won: boolean, state = 'ended') {
  const code = `card-test-${++battles}`;
  const rows = await db().execute(sql`
    INSERT INTO battles (code, creator_id, title, rule, seats, state, entry_price_fen, server_seed, secret_salt, public_hash, winner_seat, ended_at)
    VALUES (${code}, ${userId}, 't', 'oh', 2, ${state}, 1000, 's', 'x', 'h', ${won ? 1 : 2}, now())
    RETURNING id`);
  const battleId = Number((rows as unknown as { rows: Array<{ id: unknown }> }).rows[0]!.id);
  await db().execute(sql`INSERT INTO battle_seats (battle_id, seat, user_id, client_seed) VALUES (${battleId}, 1, ${userId}, 'c')`);
  await db().execute(sql`INSERT INTO battle_seats (battle_id, seat, bot_id, client_seed) VALUES (${battleId}, 2, 1, 'c')`);
}

const drop = (userId: number, giftName: string, recoveryPriceFen: number) => ({
  userId,
  nickname: 'x',
  headPic: null,
  giftName,
  giftImage: null,
  grade: 1,
  recoveryPriceFen,
  sourceType: 21,
  sourceId: 1,
  sourceName: 'box',
  sourceImage: null,
});

describe('public card (GET /api/user/publicCard)', () => {
  it("shows a player's nickname, avatar, frame, VIP grade, best drops and battle record, to a guest", async () => {
    const user = await givenUser(db(), { coinsFen: 100_000, nickname: '公开卡片玩家' });
    await updateUser(db(), user.id, { avatar: 'avatars/7.png', grade: 3 });
    const token = await givenSession(db(), user.id);
    expect((await call(t.app, 'POST', '/api/personalCenter/buyVirtual', { id: 2 }, token)).status).toBe(0);
    expect((await call(t.app, 'POST', '/api/personalCenter/equipVirtual', { id: 2 }, token)).status).toBe(0);
    await insertDrops(
      db(),
      [10, 500, 30, 9_000, 70, 20, 400, 1].map((price, i) => drop(user.id, `item-${i}`, price)),
    );
    await givenEndedBattle(user.id, true);
    await givenEndedBattle(user.id, false);
    await givenEndedBattle(user.id, true);
    await givenEndedBattle(user.id, true, 'cancelled');

    const res = await card(user.id);
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({
      userId: user.id,
      nickname: '公开卡片玩家',
      headPic: 'avatars/7.png',
      avatarFrame: '#ed3838',
      nameColor: null,
      grade: 3,
      battles: { played: 3, won: 2 },
    });
    expect(res.data.bestDrops.map((d: { recoveryPrice: number }) => d.recoveryPrice)).toEqual([9_000, 500, 400, 70, 30, 20]);
  });

  it('shows nothing private: no balance, phone, mail, Steam id, trade URL or real name', async () => {
    const user = await givenUser(db(), { coinsFen: 12_345 });
    await updateUser(db(), user.id, {
      mobile: '13800138000',
      email: 'secret@example.com',
      steamId: '76561198000000001',
      tradeUrl: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=abc',
      realNameMasked: '张*',
      invitationCode: 'SECRET1',
    });
    const res = await card(user.id);
    expect(res.status).toBe(0);
    expect(Object.keys(res.data).sort()).toEqual([
      'avatarFrame',
      'battles',
      'bestDrops',
      'grade',
      'headPic',
      'nameColor',
      'nickname',
      'userId',
    ]);
    const text = JSON.stringify(res);
    for (const secret of ['13800138000', 'secret@example.com', '76561198000000001', 'tradeoffer', '张*', 'SECRET1', '12345', '123.45']) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers an unknown or cancelled player with the not-found envelope', async () => {
    expect(await card(987_654_321)).toEqual({ status: 1002, msg: '内容不存在', data: null });
    const gone = await givenUser(db());
    await updateUser(db(), gone.id, { status: 'cancelled' });
    expect(await card(gone.id)).toEqual({ status: 1002, msg: '内容不存在', data: null });
    const bad = await card('abc');
    expect(bad.status).not.toBe(0);
    expect(bad.data).toBeNull();
  });
});
