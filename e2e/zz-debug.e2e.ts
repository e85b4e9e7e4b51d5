import { it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { startServer } from './support/server.js';

it('debug', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    page.on('console', (m) => console.log('console:', m.type(), m.text()));
    page.on('pageerror', (e) => console.log('pageerror:', e.message));
    page.on('framenavigated', (f) => console.log('nav:', f.url()));
    const res = await page.goto(`${server.baseUrl}/home`);
    console.log('status', res?.status(), res?.headers()['content-type']);
    await page.waitForTimeout(4000);
    console.log('url', page.url());
    console.log((await page.locator('body').innerText()).slice(0, 600));
    await page.screenshot({ path: '/tmp/dbg/home.png' });
    const m = await (await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } })).newPage();
    await m.goto(`${server.baseUrl}/home`);
    await m.waitForTimeout(2500);
    await m.screenshot({ path: '/tmp/dbg/mobile.png' });
    await m.getByRole('button', { name: '打开菜单' }).click();
    await m.waitForTimeout(500);
    await m.screenshot({ path: '/tmp/dbg/mobile-menu.png' });
    await page.getByRole('button', { name: '登录/注册' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: '/tmp/dbg/login.png' });
  } finally {
    await browser.close();
    await server.stop();
  }
}, 120_000);
