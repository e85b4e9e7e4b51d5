import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { queryRows } from '../../platform/db/rows.js';
import { seedContent } from './service.js';
import { banners, documents, notices } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function get(url: string, lang?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: lang ? { lang } : {} });
  return { http: res.statusCode, ...res.json() };
}

// What sign-up, the footer and the help centre link to (issue 9 item 17).
const keys = ['terms', 'privacy', 'about', 'disclaimer', 'ethics', 'support', 'faq', 'safer-play'] as const;
// The home tab 资讯 lists these.
const newsKeys = ['news-giveaways', 'news-provably-fair', 'news-first-deposit'] as const;
// A phrase each text must contain in each language: proof it is the real text for this product.
const mustSay: Record<(typeof keys)[number], { zh: string; en: string }> = {
  terms: { zh: '年满 18 周岁', en: 'aged 18 and over' },
  privacy: { zh: '保存多久', en: 'How long we keep it' },
  about: { zh: '可验证公平', en: 'Provable fairness' },
  disclaimer: { zh: '结果是随机的', en: 'Results are random' },
  ethics: { zh: '冷静期', en: 'cooling-off period' },
  support: { zh: '服务时间', en: 'Hours' },
  faq: { zh: '12 小时', en: '12 hours' },
  'safer-play': { zh: '自我排除', en: 'reality checks' },
};

describe('documents', () => {
  for (const key of keys) {
    for (const [lang, header] of [
      ['zh', 'zh-CN'],
      ['en', 'en-US'],
    ] as const) {
      it(`serves the ${key} document in ${lang}`, async () => {
        const res = await get(`/api/common/document?key=${key}`, header);
        expect(res.http).toBe(200);
        expect(res.status).toBe(0);
        // The FAQ and terms say the first-deposit bonus's real-name condition since issue 30 (version 2), and
        // its rate as the configured one since issue 27 §5 (version 3).
        expect(res.data).toMatchObject({ key, lang, version: key === 'faq' || key === 'terms' ? 3 : 1 });
        expect(res.data.title.length).toBeGreaterThan(1);
        expect(res.data.content).toContain(mustSay[key][lang]);
        expect(res.data.content.length).toBeGreaterThan(400);
      });
    }
  }

  it('serves Chinese without a lang header, and answers an unknown or malformed key as not found or invalid', async () => {
    expect((await get('/api/common/document?key=terms')).data.lang).toBe('zh');
    const missing = await get('/api/common/document?key=nope', 'en-US');
    expect(missing.status).toBe(1002);
    expect(missing.msg).toBe('Not found');
    const bad = await get('/api/common/document?key=..%2Fetc', 'zh-CN');
    expect(bad.status).not.toBe(0);
    expect(bad.data ?? null).toBeNull();
  });

  it('lists documents by category in the asked language, paged', async () => {
    const legal = await get('/api/common/documentList?category=legal', 'en-US');
    expect(legal.data.pageData.map((d: { key: string }) => d.key)).toEqual(['terms', 'privacy', 'disclaimer', 'ethics']);
    expect(legal.data.pageData.every((d: { lang: string }) => d.lang === 'en')).toBe(true);
    const all = await get('/api/common/documentList?page=1&pageSize=3', 'zh-CN');
    expect(all.data).toMatchObject({ page: 1, pageSize: 3, totalRows: keys.length + newsKeys.length, totalPages: 4 });
    const last = await get('/api/common/documentList?page=4&pageSize=3', 'zh-CN');
    expect(last.data.pageData).toHaveLength(keys.length + newsKeys.length - 9);
    const seen = new Set<string>();
    for (const p of [1, 2, 3, 4])
      for (const d of (await get(`/api/common/documentList?page=${p}&pageSize=3`)).data.pageData) seen.add(d.key);
    expect(seen.size).toBe(keys.length + newsKeys.length);
    expect(all.data.pageData).toHaveLength(3);
    expect((await get('/api/common/documentList?category=rumours')).status).not.toBe(0);
  });

  it('falls back to Chinese for a document without a translation, and hides an unpublished one', async () => {
    const db = t.database.db;
    await db.insert(documents).values({
      key: 'notice-2026',
      lang: 'zh',
      category: 'news',
      title: '维护公告',
      summary: '维护',
      body: '周三凌晨维护。',
      source: 'operator',
    });
    expect((await get('/api/common/document?key=notice-2026', 'en-US')).data).toMatchObject({ lang: 'zh', title: '维护公告' });
    expect((await get('/api/common/documentList?category=news', 'en-US')).data.pageData).toHaveLength(newsKeys.length + 1);
    await db.update(documents).set({ published: false }).where(eq(documents.key, 'notice-2026'));
    expect((await get('/api/common/document?key=notice-2026')).status).toBe(1002);
    expect((await get('/api/common/documentList?category=news')).data.totalRows).toBe(newsKeys.length);
    expect((await get('/api/common/documentList?keyword=维护')).data.totalRows).toBe(0);
  });

  it('keeps an operator edit across restarts, and upgrades only seeded rows of an older version', async () => {
    const db = t.database.db;
    await db.update(documents).set({ body: '运营修改过的协议', source: 'operator' }).where(eq(documents.key, 'terms'));
    await db.update(documents).set({ body: 'old seeded text', version: 0 }).where(eq(documents.key, 'privacy'));
    await seedContent(db);
    expect((await get('/api/common/document?key=terms')).data.content).toBe('运营修改过的协议');
    expect((await get('/api/common/document?key=privacy', 'en-US')).data).toMatchObject({ version: 1 });
    expect((await get('/api/common/document?key=privacy', 'en-US')).data.content).toContain('How long we keep it');
  });

  it('upgrades a site still holding the literal first-deposit rate to the configured one (issue 27 §5)', async () => {
    const db = t.database.db;
    // What the seed wrote before the rate became a token: notice v2, banner v1, FAQ v2.
    await db.update(notices).set({ body: '首次充值额外赠送 20%。', version: 2 }).where(eq(notices.key, 'welcome'));
    await db.update(banners).set({ title: '首次充值加赠 20%', version: 1 }).where(eq(banners.key, 'first-deposit'));
    await db.update(documents).set({ body: '首充额外赠送 20%', version: 2 }).where(eq(documents.key, 'faq'));
    await seedContent(db);
    const [row] = await queryRows<{ notice: string; banner: string; faq: string }>(
      db,
      sql`SELECT (SELECT body FROM notices WHERE key = 'welcome' AND lang = 'zh') AS notice,
            (SELECT title FROM banners WHERE key = 'first-deposit' AND lang = 'zh') AS banner,
            (SELECT body FROM documents WHERE key = 'faq' AND lang = 'zh') AS faq`,
    );
    for (const text of [row!.notice, row!.banner, row!.faq]) expect(text).toContain('{firstDepositPercent}');
    const notice = (await get('/api/common/notice', 'zh-CN')).data as Array<{ key: string; version: number; content: string }>;
    const welcome = notice.find((n) => n.key === 'welcome')!;
    expect(welcome.version).toBe(3);
    expect(welcome.content).toMatch(/首次充值额外赠送 \d+%/);
    expect(welcome.content).not.toContain('{firstDepositPercent}');
  });

  it('gives the customer-service contact ways, pointing at the support document', async () => {
    const zh = await get('/api/common/customerService', 'zh-CN');
    expect(zh.data).toMatchObject({ documentKey: 'support', replyWithinHours: 24, chatUrl: null });
    expect(zh.data.email).toContain('@');
    expect(zh.data.hours).toContain('北京时间');
    expect((await get('/api/common/customerService', 'en-US')).data.hours).toContain('Beijing time');
  });

  it('takes the contact ways from the configuration, and refuses a chat link that is not https', async () => {
    const own = await buildTestApp({
      env: {
        SUPPORT_EMAIL: 'help@example.cn',
        SUPPORT_CHAT_URL: 'https://chat.example.cn/skinfair',
        SUPPORT_HOURS_ZH: '全天 24 小时',
        SUPPORT_REPLY_HOURS: '2',
      },
    });
    try {
      const res = (await own.app.inject({ method: 'GET', url: '/api/common/customerService', headers: { lang: 'zh-CN' } })).json();
      expect(res.data).toMatchObject({
        email: 'help@example.cn',
        chatUrl: 'https://chat.example.cn/skinfair',
        hours: '全天 24 小时',
        replyWithinHours: 2,
      });
    } finally {
      await own.close();
    }
    const { loadConfig } = await import('../../config.js');
    expect(() => loadConfig({ SUPPORT_CHAT_URL: 'http://chat.example.cn' })).toThrow(/SUPPORT_CHAT_URL/);
  });
});

const keysOf = (rows: { key: string }[]) => rows.map((r) => r.key);
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000);

describe('news and search', () => {
  it('lists the seeded news in order, in Chinese and in English', async () => {
    const zh = await get('/api/common/documentList?category=news', 'zh-CN');
    expect(keysOf(zh.data.pageData)).toEqual([...newsKeys]);
    expect(zh.data.pageData[0].title).toContain('福利房');
    const en = await get('/api/common/documentList?category=news', 'en-US');
    expect(en.data.pageData.every((d: { lang: string }) => d.lang === 'en')).toBe(true);
    expect(en.data.pageData[0].title).toContain('Giveaway');
  });

  it('searches title, summary and body case-insensitively within a category', async () => {
    const help = await get(`/api/common/documentList?category=help&keyword=${encodeURIComponent('可验证公平')}`, 'zh-CN');
    expect(keysOf(help.data.pageData)).toContain('about');
    expect(help.data.pageData.every((d: { category: string }) => d.category === 'help')).toBe(true);
    const en = await get('/api/common/documentList?category=support&keyword=HOURS', 'en-US');
    expect(keysOf(en.data.pageData)).toEqual(['support']);
    expect((await get('/api/common/documentList?keyword=%20%20', 'zh-CN')).data.totalRows).toBe(keys.length + newsKeys.length);
    expect((await get('/api/common/documentList?keyword=zzqqxx', 'zh-CN')).data).toMatchObject({ totalRows: 0, pageData: [] });
  });

  it('takes % and _ in a keyword literally, and refuses an over-long one', async () => {
    const db = t.database.db;
    await db.insert(documents).values([
      { key: 'pct', lang: 'zh', category: 'help', title: '折扣 7%Q', summary: 's', body: 'b', source: 'operator' },
      { key: 'pct-wild', lang: 'zh', category: 'help', title: '折扣 7zzQ', summary: 's', body: 'b', source: 'operator' },
      { key: 'snake', lang: 'zh', category: 'help', title: 'a_b 字段', summary: 's', body: 'b', source: 'operator' },
      { key: 'snake-wild', lang: 'zh', category: 'help', title: 'axb 字段', summary: 's', body: 'b', source: 'operator' },
    ]);
    // As wildcards they would match the -wild rows too.
    expect(keysOf((await get(`/api/common/documentList?keyword=${encodeURIComponent('7%q')}`, 'zh-CN')).data.pageData)).toEqual(['pct']);
    expect(keysOf((await get('/api/common/documentList?keyword=A_B', 'zh-CN')).data.pageData)).toEqual(['snake']);
    expect(keysOf((await get(`/api/common/documentList?keyword=${encodeURIComponent('\\')}`, 'zh-CN')).data.pageData)).toEqual([]);
    const long = await get(`/api/common/documentList?keyword=${'x'.repeat(51)}`, 'zh-CN');
    expect(long.http).toBe(200);
    expect(long.status).not.toBe(0);
    await db.delete(documents).where(sql`${documents.key} in ('pct', 'pct-wild', 'snake', 'snake-wild')`);
  });

  it('never serves an unpublished document or one whose publish time is still ahead, by key, list or search', async () => {
    const db = t.database.db;
    await db.insert(documents).values([
      {
        key: 'draft-secret',
        lang: 'zh',
        category: 'help',
        title: '草稿机密',
        summary: '草稿机密',
        body: '草稿机密',
        published: false,
        source: 'operator',
      },
      {
        key: 'future-secret',
        lang: 'en',
        category: 'help',
        title: 'future secret',
        summary: 's',
        body: 'b',
        publishedAt: hoursFromNow(2),
        source: 'operator',
      },
    ]);
    expect((await get('/api/common/document?key=draft-secret')).status).toBe(1002);
    expect((await get('/api/common/document?key=future-secret', 'en-US')).status).toBe(1002);
    expect((await get(`/api/common/documentList?keyword=${encodeURIComponent('草稿机密')}`)).data.totalRows).toBe(0);
    expect((await get('/api/common/documentList?keyword=secret', 'en-US')).data.totalRows).toBe(0);
    const allHelp = await get('/api/common/documentList?category=help&pageSize=100', 'en-US');
    expect(keysOf(allHelp.data.pageData)).not.toContain('draft-secret');
    expect(keysOf(allHelp.data.pageData)).not.toContain('future-secret');
    await db.delete(documents).where(sql`${documents.key} in ('draft-secret', 'future-secret')`);
  });
});

describe('notice', () => {
  it('serves the newest notice by default, in the asked language, with a version', async () => {
    const zh = await get('/api/common/notice', 'zh-CN');
    expect(zh.status).toBe(0);
    expect(zh.data).toHaveLength(1);
    expect(zh.data[0]).toMatchObject({ key: 'welcome', lang: 'zh', version: 3, url: '/docs/help/about' });
    expect(zh.data[0].content).toContain('18');
    const en = await get('/api/common/notice?topN=1', 'en-US');
    expect(en.data[0]).toMatchObject({ key: 'welcome', lang: 'en', title: 'Welcome to Skinfair' });
  });

  it('answers topN newest first, skips unpublished and future notices, and bounds topN', async () => {
    const db = t.database.db;
    await db.insert(notices).values([
      { key: 'maintenance', lang: 'zh', title: '维护通知', body: '周三凌晨维护', publishedAt: hoursFromNow(-1), source: 'operator' },
      { key: 'hidden', lang: 'zh', title: '隐藏', body: 'x', published: false, source: 'operator' },
      { key: 'later', lang: 'zh', title: '以后', body: 'x', publishedAt: hoursFromNow(24), source: 'operator' },
    ]);
    await db
      .update(notices)
      .set({ publishedAt: hoursFromNow(-48) })
      .where(eq(notices.key, 'welcome'));
    const two = await get('/api/common/notice?topN=5', 'zh-CN');
    expect(keysOf(two.data)).toEqual(['maintenance', 'welcome']);
    expect(keysOf((await get('/api/common/notice', 'zh-CN')).data)).toEqual(['maintenance']);
    // No English text: the Chinese one stands in.
    expect((await get('/api/common/notice', 'en-US')).data[0]).toMatchObject({ key: 'maintenance', lang: 'zh' });
    expect((await get('/api/common/notice?topN=0')).status).not.toBe(0);
    expect((await get('/api/common/notice?topN=11')).status).not.toBe(0);
    await db.delete(notices).where(sql`${notices.key} in ('maintenance', 'hidden', 'later')`);
  });
});

describe('banners', () => {
  it('serves the three seeded banners in order, in the asked language, with safe links', async () => {
    const zh = await get('/api/common/bannerList', 'zh-CN');
    expect(zh.status).toBe(0);
    expect(zh.data.map((b: { url: string }) => b.url)).toEqual(['/promotions', '/provably-fair/verify', '/giveaways']);
    expect(zh.data[0]).toMatchObject({ title: '首次充值加赠 20%', weight: 10, startTime: null, endTime: null });
    expect(zh.data[0].image).toMatch(/^\/images\/.+\.webp$/);
    expect(zh.data.every((b: { alt: string }) => b.alt.length > 4)).toBe(true);
    const en = await get('/api/common/bannerList', 'en-US');
    expect(en.data.map((b: { title: string }) => b.title)).toEqual([
      '+20% on your first deposit',
      'Verify every opening',
      'Free official giveaways',
    ]);
  });

  it('serves a banner only between its start and end, and only in its own language', async () => {
    const db = t.database.db;
    await db.insert(banners).values([
      {
        key: 'running',
        lang: 'zh',
        title: '进行中',
        alt: 'a',
        url: '/event',
        sortOrder: 5,
        startsAt: hoursFromNow(-1),
        endsAt: hoursFromNow(1),
        source: 'operator',
      },
      { key: 'not-yet', lang: 'zh', title: '未开始', alt: 'a', url: '/event', startsAt: hoursFromNow(1), source: 'operator' },
      {
        key: 'over',
        lang: 'zh',
        title: '已结束',
        alt: 'a',
        url: '/event',
        startsAt: hoursFromNow(-2),
        endsAt: hoursFromNow(-1),
        source: 'operator',
      },
      { key: 'hidden', lang: 'zh', title: '隐藏', alt: 'a', url: '/event', visible: false, source: 'operator' },
      { key: 'en-only', lang: 'en', title: 'English only', alt: 'a', url: 'https://example.com/x', source: 'operator' },
    ]);
    const zh = await get('/api/common/bannerList', 'zh-CN');
    expect(zh.data.map((b: { title: string }) => b.title)).toEqual([
      '进行中',
      '首次充值加赠 20%',
      '每一次开箱都可验证',
      '官方福利房免费参与',
    ]);
    expect(zh.data[0].endTime).not.toBeNull();
    const en = await get('/api/common/bannerList', 'en-US');
    expect(en.data.map((b: { title: string }) => b.title)).toContain('English only');
    expect(en.data.map((b: { title: string }) => b.title)).not.toContain('进行中');
    await db.delete(banners).where(eq(banners.source, 'operator'));
  });

  it('refuses to store a banner whose link a browser would run', async () => {
    const db = t.database.db;
    for (const url of ['javascript:alert(1)', '//evil.example', 'http://plain.example', 'data:text/html,x']) {
      await expect(db.insert(banners).values({ key: 'bad', lang: 'zh', title: 't', alt: 'a', url })).rejects.toThrow();
    }
  });
});

describe('listInterface', () => {
  it('lists every registered public call once per method, with login, parameters and answer, and no sandbox tools', async () => {
    const res = await get('/api/common/listInterface');
    expect(res.status).toBe(0);
    const rows = res.data as {
      method: string;
      path: string;
      auth: boolean;
      params: { name: string; type: string; required: boolean }[];
      response: string;
    }[];
    const expected = t.app.apiRoutes
      .filter((r) => !r.url.startsWith('/api/sandbox/'))
      .flatMap((r) => r.methods.map((m) => `${m} ${r.url} ${r.auth}`))
      .sort();
    expect(rows.map((r) => `${r.method} ${r.path} ${r.auth}`).sort()).toEqual(expected);
    expect(rows.some((r) => r.path.startsWith('/api/sandbox/'))).toBe(false);
    const docs = rows.find((r) => r.path === '/api/common/documentList')!;
    expect(docs.params.map((p) => p.name)).toEqual(['page', 'pageSize', 'category', 'keyword']);
    expect(docs.params.find((p) => p.name === 'category')!.type).toContain('"news"');
    expect(docs.response).toBe('{pageData, page, pageSize, totalRows, totalPages}');
    expect(rows.find((r) => r.path === '/api/common/notice')!.params[0]).toMatchObject({ name: 'topN', type: 'integer', required: false });
    expect(rows.some((r) => r.auth)).toBe(true);
  });
});
