import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EventType, type DropItem } from '@skinfair/contract';
import { runInTransaction } from '../../platform/db/tx.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { attachLiveServer } from '../../platform/live/index.js';
import { silentLogger } from '../../platform/live/logger.js';
import { stompClient } from '../../platform/live/test-utils.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { seedDemoDrops } from '../../seed/index.js';
import { recordDrops, type NewDrop } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const drop = (grade: number, over: Partial<NewDrop> = {}): NewDrop => ({
  userId: null,
  nickname: '测试玩家',
  headPic: null,
  giftName: `AK-47 | 红线 ${grade}`,
  giftImage: '/images/ak.webp',
  grade,
  recoveryPriceFen: 4493,
  sourceType: EventType.CASE_DROP,
  sourceId: 9129,
  sourceName: '反恐精英武器箱',
  sourceImage: '/images/case.webp',
  ...over,
});

const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

describe('live drop feed', () => {
  it('is empty before anything drops', async () => {
    expect(await get('/api/stat/lastDrop')).toEqual({ status: 0, msg: '', data: [] });
  });

  it('publishes a drop event only after the transaction commits', async () => {
    const publishedBefore = t.published.length;
    let seenInside = -1;
    await runInTransaction(t.database.db, async (scope) => {
      await recordDrops(scope, t.live, [drop(3), drop(0)]);
      seenInside = t.published.length;
    });
    expect(seenInside).toBe(publishedBefore);
    const event = t.published.at(-1)!;
    expect(event.eventType).toBe(21);
    const data = event.data as DropItem[];
    expect(data.map((d) => d.grade)).toEqual([0, 3]); // newest first
    expect(data[0]).toMatchObject({ nickname: '测试玩家', recoveryPrice: 4493, sourceName: '反恐精英武器箱' });
  });

  it('publishes nothing and stores nothing when the transaction rolls back', async () => {
    const publishedBefore = t.published.length;
    const before = (await get('/api/stat/lastDrop')).data.length;
    await expect(
      runInTransaction(t.database.db, async (scope) => {
        await recordDrops(scope, t.live, [drop(1)]);
        throw new Error('the game failed after the drop');
      }),
    ).rejects.toThrow();
    expect(t.published.length).toBe(publishedBefore);
    expect((await get('/api/stat/lastDrop')).data.length).toBe(before);
  });

  it('lists newest first, 20 by default, and only grades 0 and 1 with isTop', async () => {
    await runInTransaction(t.database.db, (scope) =>
      recordDrops(
        scope,
        t.live,
        Array.from({ length: 30 }, (_, i) => drop(i % 4)),
      ),
    );
    const recent = (await get('/api/stat/lastDrop')).data as DropItem[];
    expect(recent).toHaveLength(20);
    expect(recent.map((d) => d.id)).toEqual([...recent.map((d) => d.id)].sort((a, b) => b - a));
    const top = (await get('/api/stat/lastDrop?isTop=true&limit=5')).data as DropItem[];
    expect(top).toHaveLength(5);
    expect(top.every((d) => d.grade <= 1)).toBe(true);
  });

  it('refuses a limit over 20 and a non-boolean isTop', async () => {
    expect((await get('/api/stat/lastDrop?limit=21')).status).toBe(1001);
    expect((await get('/api/stat/lastDrop?isTop=maybe')).status).toBe(1001);
  });

  it('publishes battle and upgrade drops under their own event types', async () => {
    await runInTransaction(t.database.db, (scope) =>
      recordDrops(scope, t.live, [
        drop(2, { sourceType: EventType.BATTLE_DROP, sourceId: 77 }),
        drop(2, { sourceType: EventType.UPGRADE_DROP }),
      ]),
    );
    const types = t.published
      .slice(-2)
      .map((e) => e.eventType)
      .sort();
    expect(types).toEqual([22, 23]);
  });
});

describe('homepage stats', () => {
  it('counts players, openings, battles and upgrades from the real tables', async () => {
    await givenUser(t.database.db);
    await givenUser(t.database.db);
    const stat = (await get('/api/stat/homepage')).data;
    expect(stat).toMatchObject({ userTotal: 2, userTotal24: 2, boxCnt: 32, boxCnt24: 32, battleCnt: 1, upgradeCnt: 1, onlineCount: 0 });
  });
});

describe('demo drops are never activity', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await buildTestApp({ env: { SANDBOX_TOOLS: 'true' } });
  });
  afterAll(async () => d?.close());
  const stat = async () => (await call(d.app, 'GET', '/api/stat/homepage')).data;

  it('a fresh server with the seeded demo feed counts no openings and no players, and labels the drops demo', async () => {
    expect(await seedDemoDrops(d.database.db)).toBe(40);
    expect(await stat()).toMatchObject({ userTotal: 0, userTotal24: 0, boxCnt: 0, boxCnt24: 0, battleCnt: 0, upgradeCnt: 0 });
    const feed = (await call(d.app, 'GET', '/api/stat/lastDrop')).data as DropItem[];
    expect(feed).toHaveLength(20);
    expect(feed.every((f) => f.demo)).toBe(true);
  });

  it('the sandbox drop publisher adds a demo drop: published with the flag, not counted', async () => {
    const res = await call(d.app, 'POST', '/api/sandbox/publishDrop', { giftName: '★ 爪子刀', grade: 0, recoveryPrice: 1641129 });
    expect(res.data).toEqual([expect.objectContaining({ giftName: '★ 爪子刀', demo: true })]);
    expect(d.published.at(-1)).toMatchObject({ eventType: EventType.CASE_DROP, data: [{ giftName: '★ 爪子刀', demo: true }] });
    expect(await stat()).toMatchObject({ boxCnt: 0, boxCnt24: 0 });
  });

  it('a real opening counts 1, and its feed row and event say it is not demo', async () => {
    const [box] = await queryRows<{ id: unknown; price_fen: unknown }>(
      d.database.db,
      sql`SELECT id, price_fen FROM boxes WHERE box_type = 1 AND enabled ORDER BY price_fen, id LIMIT 1`,
    );
    const user = await givenUser(d.database.db, { coinsFen: toInt(box!.price_fen) });
    const opened = await call(
      d.app,
      'POST',
      '/api/case/openCase',
      { caseId: toInt(box!.id), number: 1 },
      await givenSession(d.database.db, user.id),
    );
    expect(opened.status).toBe(0);
    expect(await stat()).toMatchObject({ userTotal: 1, boxCnt: 1, boxCnt24: 1 });
    const [newest] = (await call(d.app, 'GET', '/api/stat/lastDrop')).data as DropItem[];
    expect(newest).toMatchObject({ userId: user.id, demo: false });
    expect(d.published.at(-1)).toMatchObject({ eventType: EventType.CASE_DROP, data: [{ userId: user.id, demo: false }] });
  });
});

describe('online count', () => {
  it('counts the live WebSocket connection of a visitor on a real port', async () => {
    const o = await buildTestApp();
    try {
      await o.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = o.app.server.address() as { port: number };
      const liveServer = attachLiveServer(o.app.server, o.live, { logger: silentLogger });
      const visitor = stompClient(`ws://127.0.0.1:${port}/ws`);
      await visitor.connected;
      const answer = await (await fetch(`http://127.0.0.1:${port}/api/stat/homepage`)).json();
      expect(answer.data.onlineCount).toBeGreaterThanOrEqual(1);
      await visitor.client.deactivate();
      await liveServer.close();
    } finally {
      await o.close();
    }
  });
});
