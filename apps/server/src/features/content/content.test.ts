import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { seedContent } from './service.js';
import { documents } from './tables.js';

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
const keys = ['terms', 'privacy', 'about', 'disclaimer', 'ethics', 'support', 'faq'] as const;
// A phrase each text must contain in each language: proof it is the real text for this product.
const mustSay: Record<(typeof keys)[number], { zh: string; en: string }> = {
  terms: { zh: '年满 18 周岁', en: 'aged 18 and over' },
  privacy: { zh: '保存多久', en: 'How long we keep it' },
  about: { zh: '可验证公平', en: 'Provable fairness' },
  disclaimer: { zh: '结果是随机的', en: 'Results are random' },
  ethics: { zh: '冷静期', en: 'cooling-off period' },
  support: { zh: '服务时间', en: 'Hours' },
  faq: { zh: '12 小时', en: '12 hours' },
};

describe('documents', () => {
  for (const key of keys) {
    for (const [lang, header] of [['zh', 'zh-CN'], ['en', 'en-US']] as const) {
      it(`serves the ${key} document in ${lang}`, async () => {
        const res = await get(`/api/common/document?key=${key}`, header);
        expect(res.http).toBe(200);
        expect(res.status).toBe(0);
        expect(res.data).toMatchObject({ key, lang, version: 1 });
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
    expect(all.data).toMatchObject({ page: 1, pageSize: 3, totalRows: keys.length, totalPages: 3 });
    expect(all.data.pageData).toHaveLength(3);
    expect((await get('/api/common/documentList?category=rumours')).status).not.toBe(0);
  });

  it('falls back to Chinese for a document without a translation, and hides an unpublished one', async () => {
    const db = t.database.db;
    await db.insert(documents).values({ key: 'notice-2026', lang: 'zh', category: 'news', title: '维护公告', summary: '维护', body: '周三凌晨维护。', source: 'operator' });
    expect((await get('/api/common/document?key=notice-2026', 'en-US')).data).toMatchObject({ lang: 'zh', title: '维护公告' });
    expect((await get('/api/common/documentList?category=news', 'en-US')).data.pageData).toHaveLength(1);
    await db.update(documents).set({ published: false }).where(eq(documents.key, 'notice-2026'));
    expect((await get('/api/common/document?key=notice-2026')).status).toBe(1002);
    expect((await get('/api/common/documentList?category=news')).data.totalRows).toBe(0);
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

  it('gives the customer-service contact ways, pointing at the support document', async () => {
    const zh = await get('/api/common/customerService', 'zh-CN');
    expect(zh.data).toMatchObject({ documentKey: 'support', replyWithinHours: 24, chatUrl: null });
    expect(zh.data.email).toContain('@');
    expect(zh.data.hours).toContain('北京时间');
    expect((await get('/api/common/customerService', 'en-US')).data.hours).toContain('Beijing time');
  });
});
