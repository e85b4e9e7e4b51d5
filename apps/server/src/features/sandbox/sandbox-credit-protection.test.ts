import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';

/** Issue 30 §9: the sandbox's 沙盒充值 stands in for a deposit, so a deposit's protection check refuses it too. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_TOOLS: 'true' } });
});
afterAll(async () => t?.close());

const player = async () => {
  const user = await givenUser(t.database.db);
  return givenSession(t.database.db, user.id);
};
const balance = async (token: string) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data.balance as number;
const sandboxCredit = (token: string, amount: number) => call(t.app, 'POST', '/api/sandbox/credit', { amount }, token);

describe('sandbox credit (沙盒充值) and player protection', () => {
  it('is refused during a cool-off, as a deposit is, and credits nothing', async () => {
    const token = await player();
    expect((await call(t.app, 'POST', '/api/protection/coolOff', { days: 1, confirm: true }, token)).status).toBe(0);
    const res = await sandboxCredit(token, 10_000);
    expect(res.status).toBe(errorCatalogue.PROTECTION_EXCLUDED.status);
    expect(res.msg).toMatch(/^您的冷静期将于 .+（北京时间）结束，期间无法充值或参与游戏/);
    expect(await balance(token)).toBe(0);
    await expectBooksBalanced(t.database.db);
  });

  it('is refused during a self-exclusion', async () => {
    const token = await player();
    expect((await call(t.app, 'POST', '/api/protection/selfExclude', { months: 6, confirm: true }, token)).status).toBe(0);
    expect((await sandboxCredit(token, 100)).status).toBe(errorCatalogue.PROTECTION_EXCLUDED.status);
    expect(await balance(token)).toBe(0);
  });

  it('is refused past a deposit limit, naming what is left, and allowed within it', async () => {
    const token = await player();
    expect((await call(t.app, 'POST', '/api/protection/setLimit', { kind: 'deposit_day', value: 5_000 }, token)).status).toBe(0);
    const over = await sandboxCredit(token, 10_000);
    expect(over.status).toBe(errorCatalogue.PROTECTION_DEPOSIT_LIMIT_LEFT.status);
    expect(over.msg).toContain('今日还可充值 ¥50.00');
    expect(await balance(token)).toBe(0);
    expect((await sandboxCredit(token, 5_000)).status).toBe(0);
    expect(await balance(token)).toBe(5_000);
  });
});
