import type { Page } from 'playwright-core';
import { freshMobile, latestSmsCode, requestCodeThroughSlider } from './accounts.js';
import { openApp } from './browser.js';

/**
 * Registers a fresh user through the real panels (slider, sandbox SMS code, 18+ and terms), closes the
 * welcome tip and returns the number and the session token the page stored.
 */
export async function registerThroughUi(page: Page, baseUrl: string): Promise<{ mobile: string; token: string }> {
  const mobile = freshMobile();
  await openApp(page, `${baseUrl}/home`);
  await page.locator('header').getByRole('button', { name: '登录/注册' }).click();
  const login = page.getByRole('dialog', { name: '登录', exact: true });
  await login.getByTestId('switch-register').click();
  const register = page.getByRole('dialog', { name: '注册', exact: true });
  await register.getByLabel('手机号').fill(mobile);
  await requestCodeThroughSlider(page, register, baseUrl);
  await register.getByLabel('短信验证码').fill(await latestSmsCode(baseUrl, mobile));
  await register.getByLabel('密码').fill('Skin2fair88');
  await register.getByLabel('我确认已年满18周岁').check();
  await register.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await register.getByTestId('register-submit').click();
  const tip = page.getByRole('dialog', { name: '注册提示', exact: true });
  await tip.getByRole('button', { name: '开始游戏' }).click();
  await tip.waitFor({ state: 'detached' });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no token after sign-up');
  return { mobile, token };
}

/** An authenticated GET against the test server, unwrapped from the envelope. */
export async function userGet<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { token } });
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 0) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}
