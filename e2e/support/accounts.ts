import type { Locator, Page } from 'playwright-core';

/** GET a sandbox/API path on the test server and unwrap the envelope. */
export async function apiData<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`);
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 0) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}

/** A fresh mainland number: '139' + 8 random digits. */
export const freshMobile = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * Presses "获取验证码" inside `scope` and solves the slider like a person: the sandbox reveals the
 * target x of the puzzle the page loaded, and the mouse drags the handle there in uneven steps.
 */
export async function requestCodeThroughSlider(page: Page, scope: Locator, baseUrl: string, screenshot?: string): Promise<void> {
  const challengeResponse = page.waitForResponse((r) => r.url().includes('/api/common/sliderCaptcha'));
  await scope.getByTestId('send-code').click();
  const challenge = (await (await challengeResponse).json()) as { data: { captchaId: string } };
  const { x } = await apiData<{ x: number }>(baseUrl, `/api/sandbox/sliderAnswer?captchaId=${challenge.data.captchaId}`);

  const handle = page.getByTestId('slider-handle');
  await handle.waitFor();
  const box = await handle.boundingBox();
  if (!box) throw new Error('slider handle has no box');
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  const steps = 18;
  for (let i = 1; i <= steps; i++) {
    const p = i / steps;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    await page.mouse.move(startX + x * eased, y + (i % 3) - 1);
    await page.waitForTimeout(20 + (i % 4) * 5);
  }
  if (screenshot) await page.screenshot({ path: screenshot });
  await page.mouse.up();
  await page.getByTestId('slider-captcha').waitFor({ state: 'detached' });
}

/** The newest SMS code the sandbox provider "sent" to a number. */
export async function latestSmsCode(baseUrl: string, phone: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const rows = await apiData<{ code: string | null }[]>(baseUrl, `/api/sandbox/smsOutbox?phone=${phone}`);
    const code = rows[0]?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS for ${phone}`);
}
