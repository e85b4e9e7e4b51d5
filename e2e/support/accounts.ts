import type { Locator, Page, Response } from 'playwright-core';

/** GET a sandbox/API path on the test server and unwrap the envelope. */
export async function apiData<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`);
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 0) throw new Error(`${path}: ${body.status} ${body.msg}`);
  return body.data;
}

/** A fresh mainland number: '139' + 8 random digits. */
export const freshMobile = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const isChallenge = (r: Response) => r.url().includes('/api/common/sliderCaptcha');
const isVerdict = (r: Response) => r.url().includes('/api/common/sliderVerify');

/** A response the page may never send (no reload after a pass): its timeout must not surface unhandled. */
function nextResponse(page: Page, which: (r: Response) => boolean): Promise<Response> {
  const response = page.waitForResponse(which);
  response.catch(() => undefined);
  return response;
}

/** Drags the handle to `x` in uneven, eased steps, leaving the button pressed. */
async function dragHandle(page: Page, x: number): Promise<void> {
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
}

/**
 * Presses "获取验证码" inside `scope` and solves the slider like a person: the sandbox reveals the
 * target x of the puzzle the page loaded, and the mouse drags the handle there in uneven steps. On a
 * loaded machine a stalled renderer can bunch the samples into a trail the server judges machine-like;
 * the page then shows its refusal and a new puzzle, and the helper drags again, as a person would.
 */
export async function requestCodeThroughSlider(page: Page, scope: Locator, baseUrl: string, screenshot?: string): Promise<void> {
  let challenge = nextResponse(page, isChallenge);
  await scope.getByTestId('send-code').click();
  for (let attempt = 1; ; attempt++) {
    const { data } = (await (await challenge).json()) as { data: { captchaId: string } };
    const { x } = await apiData<{ x: number }>(baseUrl, `/api/sandbox/sliderAnswer?captchaId=${data.captchaId}`);
    await dragHandle(page, x);
    if (screenshot && attempt === 1) await page.screenshot({ path: screenshot });
    challenge = nextResponse(page, isChallenge);
    const verdict = nextResponse(page, isVerdict);
    await page.mouse.up();
    const body = (await (await verdict).json()) as { status: number; msg: string };
    if (body.status === 0) break;
    if (attempt === 3) throw new Error(`the slider refused three drags: ${body.msg}`);
  }
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
