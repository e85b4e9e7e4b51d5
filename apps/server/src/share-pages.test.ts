import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerRoutePatterns } from '@skinfair/contract';
import { buildTestApp, type TestApp } from './testing/test-app.js';
import { givenSession, givenUser } from './testing/factories.js';
import { call } from './testing/auth-helpers.js';

// The web app as the build leaves it: index.html, and public/ (manifest, icons) copied beside it.
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-pages-'));
  fs.copyFileSync(path.join(web, 'index.html'), path.join(dist, 'index.html'));
  fs.cpSync(path.join(web, 'public'), dist, { recursive: true });
  t = await buildTestApp({ env: { WEB_DIST: dist, PUBLIC_URL: 'http://localhost:8080' } });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const ogOf = (html: string, property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)" />`))?.[1] ?? null;

describe('page paths (issue 27 §9)', () => {
  it('answers every route of the app with its HTML and 200, ids filled in', async () => {
    for (const pattern of playerRoutePatterns) {
      const url = pattern.replace(/:\w+/g, '12');
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
    for (const url of ['/admin', '/admin/login', '/admin/boxes/3', '/home?promoteCode=AB12', '/Box/12/']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('answers any other page path with the same HTML and 404, so the not-found page renders', async () => {
    for (const url of ['/no-such-page', '/box/12/more', '/battle/x/verify/y', '/admin/nope', '/personal/nothing?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('keeps plain 404s for missing files and the API envelope for API misses', async () => {
    const file = await get('/nothing.png');
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toMatch(/text\/plain/);
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json().status).not.toBe(0);
  });
});

describe('robots.txt and the web app manifest', () => {
  it('keeps crawlers out of the console and the API only', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.split('\n')).toEqual(['User-agent: *', 'Disallow: /admin', 'Disallow: /api', 'Allow: /', '']);
  });

  it('serves the manifest as application/manifest+json, linked from the page, with its icons', async () => {
    const page = await get('/home');
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({ short_name: 'Skinfair', start_url: '/home', display: 'standalone', theme_color: '#0f1117' });
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const png = await get(icon.src);
      expect(png.statusCode, icon.src).toBe(200);
      expect(png.headers['content-type'], icon.src).toBe('image/png');
      // The PNG header's width and height are the size the manifest names.
      const side = Number(icon.sizes.split('x')[0]);
      expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)], icon.src).toEqual([side, side]);
    }
  });
});

describe('link previews of shareable pages', () => {
  async function givenBattle(title: string): Promise<string> {
    const user = await givenUser(t.database.db, { coinsFen: 1_000_000 });
    const res = await call(
      t.app,
      'POST',
      '/api/battle/create',
      { boxLists: '1', countCustomer: 2, title },
      await givenSession(t.database.db, user.id),
    );
    expect(res.status).toBe(0);
    return res.data.battleCode as string;
  }

  it('puts the battle in the title and OpenGraph tags, escaped, with the page URL and the first box image', async () => {
    const code = await givenBattle(`<script>"A&B's"</script>`);
    const res = await get(`/battle/${code}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).not.toContain('<script>"A&B');
    const escaped = '&lt;script&gt;&quot;A&amp;B&#39;s&quot;&lt;/script&gt;';
    expect(html).toContain(`<title>对战房间「${escaped}」 - Skinfair</title>`);
    expect(ogOf(html, 'og:title')).toBe(`对战房间「${escaped}」 - Skinfair`);
    expect(ogOf(html, 'og:url')).toBe(`http://localhost:8080/battle/${code}`);
    expect(ogOf(html, 'og:description')).toMatch(/^2 人对战 · 1 个箱子 · 入场 ¥[\d.]+ · 等待玩家加入/);
    expect(ogOf(html, 'og:image')).toMatch(/^http:\/\/localhost:8080\/img\//);
    // The app's own script and root stay as built.
    expect(html).toContain('<div id="root"></div>');
    expect(ogOf((await get(`/reverse/${code}/verify`)).body, 'og:title')).toBe(`反向对战验证「${escaped}」 - Skinfair`);
  });

  it('describes a giveaway room by its title, pool and draw time', async () => {
    const room = await call(t.app, 'POST', '/api/sandbox/officialGiveaway', {});
    expect(room.status).toBe(0);
    const html = (await get(`/giveaways/${room.data.id}`)).body;
    expect(ogOf(html, 'og:title')).toMatch(/^福利房间「.+」 - Skinfair$/);
    expect(ogOf(html, 'og:description')).toMatch(/^奖池 ¥[\d.]+ · \d+ 件奖品 · \d+ 人参与 · 开奖时间 /);
  });

  it('describes a roll by its share link, never by its owner-only number', async () => {
    const user = await givenUser(t.database.db, { coinsFen: 1_000_000 });
    const token = await givenSession(t.database.db, user.id);
    expect((await call(t.app, 'POST', '/api/case/openCase', { caseId: 1 }, token)).status).toBe(0);
    const [record] = (await call(t.app, 'GET', '/api/key/gameRecords', {}, token)).data.pageData;
    const html = (await get(`/provably-fair/verify/${record.shareId}`)).body;
    expect(ogOf(html, 'og:title')).toBe('验证结果 · 开箱 - Skinfair');
    expect(ogOf(html, 'og:description')).toContain(`随机数 ${record.rollCode}，开出 ${record.itemName}`);
    expect(ogOf((await get(`/provably-fair/verify/${record.verifyId}`)).body, 'og:title')).toBeNull();
  });

  it('leaves an unknown battle, room or roll, and every other page, as built', async () => {
    for (const url of [
      '/battle/NoSuchBattle01',
      '/giveaways/987654',
      '/provably-fair/verify/NoSuchShareId000000',
      '/provably-fair/verify/5',
      '/home',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(ogOf(res.body, 'og:title'), url).toBeNull();
      expect(res.body, url).toContain('<title>Skinfair</title>');
    }
  });
});
