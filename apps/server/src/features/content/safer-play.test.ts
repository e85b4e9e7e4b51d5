import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function get(url: string, lang: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { lang } });
  return res.json() as {
    status: number;
    data: { key: string; title: string; content: string; category: string };
  };
}

describe('the safer play document (/safer-play, issue 18)', () => {
  it('is served in Chinese with the protection tools and the help lines', async () => {
    const res = await get('/api/common/document?key=safer-play', 'zh-CN');
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({ key: 'safer-play', title: '理性娱乐与帮助', category: 'help' });
    for (const phrase of [
      '/personal/protection',
      '/personal/activity',
      '冷静期',
      '自我排除',
      '现实提醒',
      '010-82951332',
      '12356',
      'gamcare.org.uk',
      'gamblersanonymous.org',
      'begambleaware.org',
    ]) {
      expect(res.data.content).toContain(phrase);
    }
  });

  it('is served in English, every outside link https', async () => {
    const res = await get('/api/common/document?key=safer-play', 'en-US');
    expect(res.data.title).toBe('Safer play and help');
    for (const phrase of ['Self-exclusion'.toLowerCase(), 'reality checks', '010-82951332', 'GamCare'])
      expect(res.data.content.toLowerCase()).toContain(phrase.toLowerCase());
    const links = [...res.data.content.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(4);
    for (const link of links) expect(link).toMatch(/^(https:\/\/|\/[a-z])/);
  });
});
