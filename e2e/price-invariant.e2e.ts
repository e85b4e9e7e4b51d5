import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desktopPage, screenshotPath } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { useServerAndBrowser } from './support/suite.js';
import { consoleGet, createAdmin, signInConsole } from './support/console.js';

/**
 * Issue 30 §2 (decision 0051), desktop console: raising a shop item's price far above what the shop charges
 * shows the effect (shop price, sell-back, boxes whose return moves) and refuses to confirm while the
 * sell-back would pass the shop price; one click takes the suggested shop price and the edit goes through
 * with the shop line re-priced in the same change.
 */
let server: RunningServer;
let browser: Browser;
let admin: Page;
const errors: string[] = [];
const PASSWORD = 'e2e-price-password-0123';

useServerAndBrowser({}, async (started) => {
  ({ server, browser } = started);
  admin = await desktopPage(browser, errors);
});

const shot = (name: string) => admin.screenshot({ path: screenshotPath(`price-invariant-${name}`), fullPage: true });
const adminGet = <T>(path: string) => consoleGet<T>(admin, server, path);
type ShopLine = { id: number; itemId: number; name: string; priceFen: number; recoveryPriceFen: number };
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

describe('console: a price edit never lets the sell-back pass the shop (issue 30 §2)', () => {
  it('signs in the first admin with two-factor', async () => {
    createAdmin(server, 'root', PASSWORD);
    await signInConsole(admin, server, 'root', PASSWORD);
  });

  it('shows the effect, refuses the raise as it stands, and re-prices the shop line in the same edit', async () => {
    // The item when the shop lists it, else the shop's first line.
    const named = await adminGet<{ pageData: ShopLine[] }>(`/api/admin/items/shop?search=${encodeURIComponent('巴洛克之紫')}`);
    const line = named.pageData[0] ?? (await adminGet<{ pageData: ShopLine[] }>('/api/admin/items/shop?pageSize=1')).pageData[0]!;
    const raisedFen = 2 * line.priceFen;
    await admin.getByRole('link', { name: '饰品与价格' }).click();
    await admin.getByLabel('饰品ID、中文名或 market hash name').fill(String(line.itemId));
    const row = admin.getByRole('row').filter({ hasText: line.name });
    await row.waitFor();
    await row.getByRole('button', { name: '详情' }).click();
    const panel = admin.getByRole('region', { name: `饰品 ${line.name}` });
    await panel.getByRole('button', { name: '修改价格' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('新参考价（元，最多两位小数）').fill(yuan(raisedFen));
    await dialog.getByLabel(/原因/).fill('市场价上涨');
    const refusal = dialog.getByRole('alert').filter({ hasText: '玩家可低买高卖' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('将高于商城售价');
    expect(await dialog.getByRole('region', { name: '修改影响' }).innerText()).toMatch(/个箱子的返奖率将变动|没有启用中的箱子包含此饰品/);
    const confirm = dialog.getByRole('button', { name: '修改价格' });
    expect(await confirm.isDisabled()).toBe(true);
    await shot('1-refused');

    await dialog.getByRole('button', { name: /^采用建议售价/ }).click();
    await refusal.waitFor({ state: 'detached' });
    // Issue 27 §11: a box whose live return this moves past the warning amount is confirmed before saving.
    const moved = dialog.getByTestId('box-return-warning').getByRole('checkbox');
    if (await moved.count()) await moved.check();
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await shot('2-repriced');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    const after = (await adminGet<{ pageData: ShopLine[] }>(`/api/admin/items/shop?search=${line.itemId}`)).pageData[0]!;
    expect(after.recoveryPriceFen).toBeGreaterThan(line.priceFen);
    expect(after.priceFen).toBeGreaterThanOrEqual(after.recoveryPriceFen);
    expect(errors).toEqual([]);
  });

  it('warns which boxes change their return, and by how much', async () => {
    // A shop item some enabled box holds.
    const lines = (await adminGet<{ pageData: ShopLine[] }>('/api/admin/items/shop?pageSize=100')).pageData;
    let held: ShopLine | undefined;
    for (const l of lines) {
      if ((await adminGet<{ boxCount: number }>(`/api/admin/items/detail?id=${l.itemId}`)).boxCount > 0) {
        held = l;
        break;
      }
    }
    expect(held).toBeDefined();
    const line = held!;
    await admin.getByLabel('饰品ID、中文名或 market hash name').fill(String(line.itemId));
    const row = admin.getByRole('row').filter({ hasText: line.name });
    await row.waitFor();
    await row.getByRole('button', { name: '详情' }).click();
    await admin
      .getByRole('region', { name: `饰品 ${line.name}` })
      .getByRole('button', { name: '修改价格' })
      .click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('新参考价（元，最多两位小数）').fill(yuan(3 * line.priceFen));
    const effect = dialog.getByRole('region', { name: '修改影响' });
    await effect
      .getByText(/个箱子的返奖率将变动/)
      .first()
      .waitFor();
    const boxes = effect.getByRole('listitem');
    expect(await boxes.count()).toBeGreaterThan(0);
    // Each box: its declared return, its live return now → after, and the change. A cheap, common item moves
    // a box's return by less than the shown 0.01 %, so the change may read 0 %; it never goes down on a raise.
    const pattern = /发布时申报返奖率 [\d.]+ %，当前期望返奖率（按今日回收价）([\d.]+) % → ([\d.]+) %（(\+[\d.]+|0) %）/;
    const shown = (await boxes.first().innerText()).match(pattern);
    expect(shown).not.toBeNull();
    expect(Number(shown![2])).toBeGreaterThanOrEqual(Number(shown![1]));
    // Issue 27 §11: the boxes moved by more than 1 point are repeated in a warning that saving must confirm.
    const changes = await Promise.all((await boxes.all()).map(async (b) => Number((await b.innerText()).match(pattern)?.[3] ?? 0)));
    if (changes.some((c) => c > 1)) {
      const warning = dialog.getByTestId('box-return-warning');
      await warning.waitFor();
      expect(await warning.innerText()).toMatch(/个箱子的当前期望返奖率(变动超过 1 %|将高于上限)/);
      expect(await dialog.getByRole('button', { name: '修改价格' }).isDisabled()).toBe(true);
    }
    await shot('3-boxes');
    await dialog.getByRole('button', { name: '取消' }).click();
    expect(errors).toEqual([]);
  });
});
