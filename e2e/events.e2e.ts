import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, openApp, reloadApp, screenshotPath } from './support/browser.js';
import { registerThroughUi, userGet } from './support/register.js';
import type { RunningServer } from './support/server.js';
import { userPost } from './support/wallet.js';
import { useServerAndBrowser } from './support/suite.js';

/**
 * Issue 15 /event in a real browser: a logged-in player opens three boxes, sees the daily task "open 3
 * boxes" complete on /event, claims its points, and the reward arrives once (the button turns to
 * "claimed", a second claim is refused and pays nothing).
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let token = '';
const errors: string[] = [];

useServerAndBrowser({}, async (started) => {
  ({ server, browser } = started);
  page = await desktopPage(browser, errors);
});

const shot = (name: string) => page.screenshot({ path: screenshotPath(`events-${name}`) });
const points = async () => (await userGet<{ integral: number }>(server.baseUrl, token, '/api/personalCenter/userInfo')).integral;
const openTask = () => page.locator('[data-testid="event-task"]').filter({ hasText: '今日开启3个箱子' });

describe('events: a daily task pays its points once (issue 15)', () => {
  let taskId = '';

  it('a player opens three boxes and sees the task complete on /event', async () => {
    ({ token } = await registerThroughUi(page, server.baseUrl));
    expect((await userPost(server.baseUrl, token, '/api/sandbox/credit', { amount: '500000' })).status).toBe(0);
    await openApp(page, `${server.baseUrl}/event`);
    await openTask().waitFor();
    expect(await openTask().getByTestId('event-progress').innerText()).toBe('0/3');
    expect(await openTask().getByTestId('event-claim').isDisabled()).toBe(true);
    const opened = await userPost(server.baseUrl, token, '/api/case/openCase', { caseId: '1', number: '3' });
    expect(opened.status).toBe(0);
    await reloadApp(page);
    await openTask().waitFor();
    await expect.poll(() => openTask().getByTestId('event-progress').innerText()).toBe('3/3');
    taskId = String(await openTask().getAttribute('data-task-id'));
    await shot('1-complete');
  });

  it('claims the reward: the points arrive once and the button shows it claimed', async () => {
    const before = await points();
    const claim = openTask().getByTestId('event-claim');
    expect(await claim.isDisabled()).toBe(false);
    const answer = page.waitForResponse((r) => r.url().includes('/api/event/claimTask'));
    await claim.click();
    expect(((await (await answer).json()) as { status: number }).status).toBe(0);
    // The button follows the task list's refetch after the claim: over 1 s (the poll's default) when loaded.
    await expect.poll(() => claim.innerText(), { timeout: 10_000 }).toBe('已领取');
    expect(await claim.isDisabled()).toBe(true);
    expect((await points()) - before).toBe(100);
    await shot('2-claimed');

    const again = await userPost(server.baseUrl, token, '/api/event/claimTask', { taskId });
    expect(again).toMatchObject({ status: 9003, msg: '今日该任务奖励已领取' });
    await reloadApp(page);
    await openTask().waitFor();
    expect(await openTask().getByTestId('event-claim').innerText()).toBe('已领取');
    expect((await points()) - before).toBe(100);
    expect(errors).toEqual([]);
  });
});
