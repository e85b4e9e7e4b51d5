import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { postSignedCallback } from '../../testing/payment-helpers.js';

/** Issue 9 §14 on the webhook: a refusal there must read as "not received" to the provider (any 2xx is "received"). */

const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((a) => a.close())));

describe('payment webhook refusals', () => {
  it('answers the rate limit with HTTP 429, not 200, so the provider sends the notice again', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    apps.push(t);
    const notice = { orderId: 'D-none', providerTxnId: 'T-none', amount: 100, currency: 'CNY', status: 'paid' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await postSignedCallback(t, 1, notice));
    const limited = answers[2]!;
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 1004, msg: expect.any(String), data: null });
  });

  it('answers a body over the limit with HTTP 413, not 200', async () => {
    const t = await buildTestApp();
    apps.push(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/callback/1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(20_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 1005, msg: expect.any(String), data: null });
  });
});
