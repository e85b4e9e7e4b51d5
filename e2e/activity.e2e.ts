import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openApp, phonePage, screenshotPath } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * Play awareness (issue 18) on a phone: My activity's charts and table after real openings, the reality
 * check interval, the dialog after the interval (the browser's clock fast-forwarded; the server's session
 * start is real), 继续 and 停止, and the safer play page from the footer.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let token = '';
const errors: string[] = [];

useServerAndBrowser({ SMS_RESEND_SECONDS: '3' }, async (started) => {
  ({ server, browser } = started);
  page = await phonePage(browser, errors);
});

const shot = (name: string) => page.screenshot({ path: screenshotPath(`activity-${name}`) });
const sidewaysOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('play awareness (issue 18)', () => {
  it('shows My activity as charts and a table after two openings', async () => {
    ({ token } = await registerThroughUi(page, server.baseUrl));
    expect((await userPost(server.baseUrl, token, '/api/sandbox/credit', { amount: '500000' })).status).toBe(0);
    let paidFen = 0;
    for (let i = 0; i < 2; i++) {
      const opened = await userPost(server.baseUrl, token, '/api/case/openCase', { caseId: '1' });
      expect(opened.status).toBe(0);
      paidFen += (opened.data as { amountPaid: number }).amountPaid;
    }
    const summary = await userGet<{ totals: { stakesFen: number; depositsFen: number } }>(
      server.baseUrl,
      token,
      '/api/activity/summary?period=day&days=30',
    );
    expect(summary.totals).toMatchObject({ stakesFen: paidFen, depositsFen: 0 });

    await openApp(page, `${server.baseUrl}/personal/activity`);
    await page.getByRole('heading', { level: 1, name: '我的活动' }).waitFor();
    await page.getByTestId('activity-chart').locator('svg.recharts-surface').first().waitFor();
    expect(await page.getByTestId('activity-total-stakes').innerText()).toBe(`¥${(paidFen / 100).toFixed(2).replace(/\.00$/, '')}`);
    await page.getByTestId('activity-table').waitFor();
    await page.getByRole('tab', { name: '近 12 个月' }).click();
    await page.getByRole('table', { name: '按月统计的充值、支出、返还和净结果' }).waitFor();
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    await shot('page');
  });

  it('shows the reality check after the chosen interval; 继续 waits for the next, 停止 logs out', async () => {
    await page.getByLabel('提醒间隔').selectOption('15');
    await page.getByText('已保存提醒间隔').waitFor();
    expect(await userGet<{ intervalMinutes: number }>(server.baseUrl, token, '/api/activity/realityCheck')).toEqual({
      intervalMinutes: 15,
    });

    // The browser's clock is controlled from here; the login session's start stays the server's.
    await page.clock.install();
    await openApp(page, `${server.baseUrl}/home`);
    await page.getByRole('tab', { name: '盲盒开箱' }).waitFor();
    await page.clock.fastForward('15:05');
    const dialog = page.getByRole('dialog', { name: '现实提醒' });
    await dialog.waitFor();
    // Only the browser's clock moved: the figures fetched as the dialog opens say the server's real time.
    expect(await dialog.getByTestId('reality-check-time').innerText()).toMatch(/^0 小时 \d+ 分钟$/);
    expect(await dialog.getByTestId('reality-check-net').innerText()).toMatch(/^-¥/);
    await shot('reality-check');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.clock.fastForward('10:00');
    expect(await dialog.count()).toBe(0);
    await page.clock.fastForward('05:00');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '停止（退出登录）' }).click();
    await page.locator('header').getByRole('button', { name: '登录/注册' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('opens the safer play page from the footer', async () => {
    await openApp(page, `${server.baseUrl}/home`);
    await page.locator('footer').getByRole('link', { name: '理性娱乐与帮助' }).click();
    await page.getByRole('heading', { level: 1, name: '理性娱乐与帮助' }).waitFor();
    await page.getByTestId('document').waitFor();
    expect(await page.getByTestId('markdown').innerText()).toContain('010-82951332');
    expect(await page.getByRole('link', { name: 'gamcare.org.uk' }).getAttribute('href')).toBe('https://www.gamcare.org.uk');
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
