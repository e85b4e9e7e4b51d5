import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localBeaconRandomness } from '@skinfair/fairness';
import { GiveawayRoomType, GiveawayState } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { grantItems } from '../backpack/index.js';
import { drawGiveaway, freezeGiveaway } from './draw.js';
import { insertOfficialGiveaway } from './rooms.js';

/**
 * Issue 30 §9: a room with 2 prizes and 1 entrant paid one prize and said nothing of the other. The draw
 * already returned it; now the room's detail and the creator's message say where it went.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const beacon: BeaconProvider = {
  source: 'local',
  fetchRound: async (round) => ({
    round,
    randomness: localBeaconRandomness(round),
    signature: null,
    source: 'local',
  }),
};
const deps = () => ({ db: db(), live: t.live, beacon });

async function player(): Promise<{ id: number; token: string }> {
  const user = await givenUser(db(), {});
  await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  return { id: user.id, token: await givenSession(db(), user.id) };
}

async function giveItems(userId: number, n: number): Promise<number[]> {
  const items = await queryRows<{ id: unknown; p: unknown }>(
    db(),
    sql`SELECT id, recovery_price_fen AS p FROM items ORDER BY id LIMIT ${n}`,
  );
  const rows = await runInTransaction(db(), ({ tx }) =>
    grantItems(
      tx,
      userId,
      items.map((i) => ({ itemId: toInt(i.id), recoveryPriceFen: toInt(i.p) })),
      { sourceType: 'case', sourceId: null },
    ),
  );
  return rows.map((r) => r.id);
}

const detail = async (id: number): Promise<Json> => (await call(t.app, 'GET', '/api/giveaway/detail', { giveawayId: id })).data;
const draw = async (id: number) => {
  const at = Date.parse((await detail(id)).openTime as string) + 10_000;
  return runInTransaction(db(), (scope) => drawGiveaway(deps(), scope, id, at));
};
const freeze = async (id: number) => {
  const at = Date.parse((await detail(id)).openTime as string) + 1;
  return runInTransaction(db(), (scope) => freezeGiveaway(deps(), scope, id, at));
};
async function messagesOf(token: string): Promise<Array<{ title: string; content: string }>> {
  const list = (await call(t.app, 'GET', '/api/message/listMessage', { state: -1 }, token)).data as Json;
  return Promise.all(
    list.pageData.map(async (m: Json) => (await call(t.app, 'GET', '/api/message/getMessageDetail', { id: m.id }, token)).data),
  );
}
const inventoryOf = async (ids: number[]) =>
  queryRows<{ state: string; user_id: unknown }>(
    db(),
    sql`SELECT state, user_id FROM inventory_items WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) ORDER BY id`,
  );

describe('prizes nobody won (issue 30 §9)', () => {
  it('an own room with 2 prizes and 1 entrant: one prize won, the other back with the creator, and both say so', async () => {
    const host = await player();
    const vouchers = await giveItems(host.id, 2);
    const created = await call(
      t.app,
      'POST',
      '/api/giveaway/create',
      {
        title: '两件一人',
        openTime: new Date(Date.now() + 30 * 60_000).toISOString(),
        vouchers: vouchers.join(','),
      },
      host.token,
    );
    expect(created.status).toBe(0);
    const id = (created.data as Json).id as number;
    const guest = await player();
    expect((await call(t.app, 'POST', '/api/giveaway/partake', { giveawayId: id }, guest.token)).status).toBe(0);

    expect(await draw(id)).toBe('drawn');
    const room = await detail(id);
    expect(room).toMatchObject({ state: GiveawayState.ended, roomType: GiveawayRoomType.own, entryCount: 1 });
    // The detail tells the unwon prize: an ended room's prize without a winner went back (spec fields only).
    expect(room.giftVos.map((g: Json) => g.winnerInfo?.id ?? null)).toEqual([guest.id, null]);
    const states = await inventoryOf(vouchers);
    expect(states.map((s) => s.state).sort()).toEqual(['in_backpack', 'used']);
    expect(toInt(states.find((s) => s.state === 'in_backpack')!.user_id)).toBe(host.id);

    const told = await messagesOf(host.token);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: '福利屋已开奖' });
    expect(told[0]!.content).toBe(
      '您的福利屋「两件一人」已开奖：1 件奖品已发给中奖者；参与人数少于奖品数，未抽出的 1 件奖品已退回您的背包。',
    );
    await expectBooksBalanced(db());
  });

  it('an own room nobody joined: the creator is told every prize is back', async () => {
    const host = await player();
    const vouchers = await giveItems(host.id, 2);
    const created = await call(
      t.app,
      'POST',
      '/api/giveaway/create',
      {
        title: '无人参与',
        openTime: new Date(Date.now() + 30 * 60_000).toISOString(),
        vouchers: vouchers.join(','),
      },
      host.token,
    );
    const id = (created.data as Json).id as number;
    expect(await freeze(id)).toBe('closed');
    expect((await detail(id)).giftVos.every((g: Json) => g.winnerInfo === null)).toBe(true);
    const told = await messagesOf(host.token);
    expect(told.map((m) => m.content)).toEqual(['您的福利屋「无人参与」到开奖时间无人参与，2 件奖品已全部退回您的背包。']);
  });

  it('an official room with 2 prizes and 1 entrant: the unwon unit goes back to the shop stock', async () => {
    const [line] = await queryRows<{ id: unknown; stock: unknown }>(
      db(),
      sql`SELECT id, stock FROM shop_stock WHERE stock >= 3 ORDER BY id LIMIT 1`,
    );
    const stockId = toInt(line!.id);
    const before = toInt(line!.stock);
    const room = await runInTransaction(db(), ({ tx }) =>
      insertOfficialGiveaway(tx, null, {
        title: '官方两件',
        openTime: new Date(Date.now() + 30 * 60_000),
        stockIds: [stockId, stockId],
      }),
    );
    const guest = await player();
    expect((await call(t.app, 'POST', '/api/giveaway/partake', { giveawayId: room.id }, guest.token)).status).toBe(0);
    expect(await draw(room.id)).toBe('drawn');
    const drawn = await detail(room.id);
    expect(drawn.roomType).toBe(GiveawayRoomType.official);
    expect(drawn.giftVos.map((g: Json) => g.winnerInfo?.id ?? null)).toEqual([guest.id, null]);
    const [after] = await queryRows<{ stock: unknown }>(db(), sql`SELECT stock FROM shop_stock WHERE id = ${stockId}`);
    // Two units left the stock for the room; the one nobody won is back.
    expect(toInt(after!.stock)).toBe(before - 1);
  });
});
