import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call, refused, registerUser } from '../../testing/auth-helpers.js';
import { sendMessage } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
type Player = { token: string; userId: number; mobile: string };

/** Each sign-up spends a code; the send throttles have their own tests. */
const newPlayer = async (): Promise<Player> => {
  await db().execute(sql`DELETE FROM throttles WHERE key LIKE 'sms:%'`);
  return registerUser(t.app, db());
};
const M = '/api/message';
const list = (p: Player, params: Record<string, unknown> = {}) => call(t.app, 'GET', `${M}/listMessage`, params, p.token);
const detail = (p: Player, id: unknown) => call(t.app, 'GET', `${M}/getMessageDetail`, { id }, p.token);
const unread = async (p: Player) => (await call(t.app, 'GET', `${M}/countUserUnreadMessage`, {}, p.token)).data as number;
/** Sends `n` system messages titled 通知 1..n, oldest first. */
const sendSystem = async (p: Player, n: number) => {
  for (let i = 1; i <= n; i++) await sendMessage(db(), p.userId, { type: 'system', title: `通知 ${i}`, content: `第 ${i} 条系统通知` });
};

describe('messages', () => {
  it('greets a new player with one unread welcome message', async () => {
    const p = await newPlayer();
    const res = await list(p);
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({ page: 1, totalRows: 1, totalPages: 1 });
    expect(res.data.pageData).toEqual([expect.objectContaining({ type: 'welcome', title: '欢迎来到 Skinfair', read: false })]);
    expect(res.data.pageData[0].summary).toMatch(/欢迎加入 Skinfair！/);
    expect(res.data.pageData[0].summary.length).toBeLessThanOrEqual(61);
    expect(await unread(p)).toBe(1);
  });

  it('marks a message read when its detail is opened, once', async () => {
    const p = await newPlayer();
    const [welcome] = (await list(p)).data.pageData;
    const res = await detail(p, welcome.id);
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({ id: welcome.id, type: 'welcome', read: true });
    expect(res.data.content).toContain('年满 18 周岁');
    expect(res.data.content.length).toBeGreaterThan(welcome.summary.length);
    expect(await unread(p)).toBe(0);
    expect((await list(p)).data.pageData[0].read).toBe(true);
    expect((await detail(p, welcome.id)).data).toMatchObject({ id: welcome.id, read: true });
    expect(await unread(p)).toBe(0);
  });

  it('pages newest first', async () => {
    const p = await newPlayer();
    await sendSystem(p, 6);
    const first = await list(p, { page: 1, pageSize: 3 });
    expect(first.data).toMatchObject({ page: 1, pageSize: 3, totalRows: 7, totalPages: 3 });
    expect(first.data.pageData.map((m: { title: string }) => m.title)).toEqual(['通知 6', '通知 5', '通知 4']);
    const last = await list(p, { page: 3, pageSize: 3 });
    expect(last.data.pageData.map((m: { type: string }) => m.type)).toEqual(['welcome']);
    expect((await list(p, { page: 4, pageSize: 3 })).data.pageData).toEqual([]);
    expect(await unread(p)).toBe(7);
  });

  it('filters by state: 0 unread, 1 read, -1 all', async () => {
    const p = await newPlayer();
    await sendSystem(p, 2);
    const all = (await list(p)).data.pageData;
    await detail(p, all[0].id);
    const titles = async (state: number) => (await list(p, { state })).data.pageData.map((m: { title: string }) => m.title);
    expect(await titles(1)).toEqual(['通知 2']);
    expect(await titles(0)).toEqual(['通知 1', '欢迎来到 Skinfair']);
    expect(await titles(-1)).toEqual(['通知 2', '通知 1', '欢迎来到 Skinfair']);
    expect((await list(p, { state: 2 })).status).toBe(1001);
  });

  it("treats another player's message as missing and leaves it unread", async () => {
    const owner = await newPlayer();
    const other = await newPlayer();
    const [mine] = (await list(owner)).data.pageData;
    expect(await detail(other, mine.id)).toEqual(refused('NOT_FOUND'));
    expect(await detail(owner, 999_999_999)).toEqual(refused('NOT_FOUND'));
    expect(await unread(owner)).toBe(1);
  });

  it('refuses a malformed id with a parameter error', async () => {
    const p = await newPlayer();
    for (const id of ['abc', 0, -1, '1.5']) {
      const res = await detail(p, id);
      expect(res.status, String(id)).toBe(1001);
      expect(res.msg).toMatch(/^参数错误/);
    }
  });

  it('answers HTTP 401 without a token', async () => {
    for (const url of [`${M}/listMessage`, `${M}/getMessageDetail?id=1`, `${M}/countUserUnreadMessage`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(refused('NOT_LOGGED_IN'));
    }
  });
});
