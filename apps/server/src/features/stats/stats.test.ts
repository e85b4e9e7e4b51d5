import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventType, type DropItem } from '@skinfair/contract';
import { runInTransaction } from '../../platform/db/tx.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenUser } from '../../testing/factories.js';
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
      recordDrops(scope, t.live, Array.from({ length: 30 }, (_, i) => drop(i % 4))),
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
      recordDrops(scope, t.live, [drop(2, { sourceType: EventType.BATTLE_DROP, sourceId: 77 }), drop(2, { sourceType: EventType.UPGRADE_DROP })]),
    );
    const types = t.published.slice(-2).map((e) => e.eventType).sort();
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
