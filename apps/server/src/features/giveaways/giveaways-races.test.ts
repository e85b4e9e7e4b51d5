import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EventType } from '@skinfair/contract';
import { expectBooksBalanced } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import {
  t,
  db,
  type Json,
  type Player,
  player,
  giveItems,
  create,
  join,
  joinFrom,
  newDevice,
  entryCount,
  detail,
  ownRoom,
  stockLines,
  official,
  draw,
  inventoryStates,
  liveItems,
} from './giveaways-fixture.js';

describe.skipIf(!usingPostgres())('giveaways under concurrency (PostgreSQL)', () => {
  it('500 concurrent joins: each user once, entry numbers 1..500 with no gap, counts exact', async () => {
    const host = await player();
    const room = await ownRoom(host, 3);
    // Made 50 at a time: the setup is not what races here, and 500 at once wait past the pool's 2 s.
    const players: Player[] = [];
    for (let i = 0; i < 10; i++) players.push(...(await Promise.all(Array.from({ length: 50 }, () => player()))));
    // 50 of them send their join twice at once: one of the two gets in.
    const twice = players.slice(0, 50);
    // A join that waited past the pool's 2 s answers "busy, retry" (1008) having written nothing, and a
    // client retries it: on a loaded machine many do, and each retry must still end as one entry.
    const joinRetryingBusy = async (p: Player): Promise<Json> => {
      for (let attempt = 0; ; attempt++) {
        const answer = await join(p, room.id);
        if (answer.status !== 1008 || attempt === 30) return answer;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
      }
    };
    const results = await Promise.all([...players, ...twice].map(joinRetryingBusy));
    expect(results.filter((r) => r.status === 0)).toHaveLength(500);
    expect(results.filter((r) => r.status !== 0)).toEqual(Array.from({ length: 50 }, () => refused('GIVEAWAY_ALREADY_JOINED')));
    const rows = await queryRows<{ entry_no: unknown; user_id: unknown }>(
      db(),
      sql`SELECT entry_no, user_id FROM giveaway_entries WHERE giveaway_id = ${room.id} ORDER BY entry_no`,
    );
    expect(rows.map((r) => toInt(r.entry_no))).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => toInt(r.user_id))).size).toBe(500);
    expect(await detail(room.id)).toMatchObject({ userCount: 500 });
    // Joins publish at most once a second per room: far fewer events than joins.
    const events = t.published.filter((m) => m.eventType === EventType.GIVEAWAY_STATE && (m.data as Json).id === room.id);
    expect(events.length).toBeLessThan(50);
  }, 120_000);

  it('two accounts on one device joining an official room at once: exactly one entry', async () => {
    const [line] = await stockLines(1);
    for (let round = 0; round < 3; round++) {
      const id = await official({ stockIds: [line!.id] });
      const device = newDevice();
      const players = [await player(), await player()];
      const results = await Promise.all(players.map((p) => joinFrom(p, id, device)));
      expect(results.map((r) => r.status).sort()).toEqual([0, refused('GIVEAWAY_DEVICE_JOINED').status]);
      expect(await entryCount(id)).toBe(1);
    }
  });

  it('two draws at once: the room is drawn once, the prizes credited once, escrow spent once', async () => {
    for (let i = 0; i < 3; i++) {
      const host = await player();
      const vouchers = await giveItems(host, 2);
      const room = (await create(host, { vouchers: vouchers.join(',') })).data;
      const players = await Promise.all(Array.from({ length: 4 }, () => player()));
      for (const p of players) await join(p, room.id);
      const counts = await liveItems();
      const outcomes = await Promise.all([draw(room.id), draw(room.id)]);
      expect(outcomes.sort()).toEqual(['drawn', 'skipped']);
      expect(await liveItems()).toEqual(counts);
      const [granted] = await queryRows<{ n: unknown }>(
        db(),
        sql`SELECT count(*) AS n FROM inventory_items WHERE source_type = 'giveaway' AND source_id = ${room.id}`,
      );
      expect(toInt(granted?.n)).toBe(2);
      expect(Object.values(await inventoryStates(vouchers)).map((s) => s.state)).toEqual(['used', 'used']);
    }
    await expectBooksBalanced(db());
  });

  it('cancel racing joins: one outcome, the escrow neither lost nor duplicated', async () => {
    for (let i = 0; i < 5; i++) {
      const host = await player();
      const vouchers = await giveItems(host, 2);
      const room = (await create(host, { vouchers: vouchers.join(',') })).data;
      const joiners = await Promise.all(Array.from({ length: 5 }, () => player()));
      const [cancelled, ...joined] = await Promise.all([
        call(t.app, 'POST', '/api/giveaway/cancel', { giveawayId: room.id }, host.token),
        ...joiners.map((p) => join(p, room.id)),
      ]);
      const states = Object.values(await inventoryStates(vouchers)).map((s) => s.state);
      const d = await detail(room.id);
      if (cancelled!.status === 0) {
        expect(joined.every((r) => r.status === refused('GIVEAWAY_CANCELLED').status)).toBe(true);
        expect({ state: d.state, userCount: d.userCount, states }).toEqual({
          state: 3,
          userCount: 0,
          states: ['in_backpack', 'in_backpack'],
        });
      } else {
        expect(cancelled).toEqual(refused('GIVEAWAY_HAS_ENTRIES'));
        expect({ state: d.state, states }).toEqual({ state: 1, states: ['escrowed', 'escrowed'] });
        expect(d.userCount).toBe(joined.filter((r) => r.status === 0).length);
      }
    }
  });
});
