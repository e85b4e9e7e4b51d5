import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';

const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((a) => a.close())));

describe('sandbox tools', () => {
  it('are not registered when SANDBOX_TOOLS is off', async () => {
    const t = await buildTestApp({ env: { SANDBOX_TOOLS: 'false' } });
    apps.push(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/publishDrop',
      payload: { giftName: 'x', grade: 0, recoveryPrice: 1 },
    });
    expect(res.json()).toMatchObject({ status: 1003 });
  });

  it('publish a real feed drop after commit when enabled', async () => {
    const t = await buildTestApp({ env: { SANDBOX_TOOLS: 'true' } });
    apps.push(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/publishDrop',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'giftName=%E2%98%85%20%E7%88%AA%E5%AD%90%E5%88%80&grade=0&recoveryPrice=1641129',
    });
    expect(res.json()).toMatchObject({ status: 0, data: [{ giftName: '★ 爪子刀', grade: 0, recoveryPrice: 1641129 }] });
    expect(t.published.at(-1)).toMatchObject({ eventType: 21 });
    const top = (await t.app.inject({ method: 'GET', url: '/api/stat/lastDrop?isTop=true' })).json();
    expect(top.data[0].giftName).toBe('★ 爪子刀');
  });

  it('open an official giveaway room from the shop stock that opens in the given seconds', async () => {
    const t = await buildTestApp({ env: { SANDBOX_TOOLS: 'true' } });
    apps.push(t);
    const before = Date.now();
    const res = (await t.app.inject({ method: 'POST', url: '/api/sandbox/officialGiveaway', payload: { seconds: 20, prizes: 2 } })).json();
    expect(res).toMatchObject({ status: 0, data: { roomType: 1, state: 1, giftCount: 2, userCount: 0 } });
    const opens = Date.parse(res.data.openTime);
    expect(opens).toBeGreaterThanOrEqual(before + 20_000);
    expect(opens).toBeLessThan(Date.now() + 21_000);
    const bounds = (await t.app.inject({ method: 'POST', url: '/api/sandbox/officialGiveaway', payload: { seconds: 1 } })).json();
    expect(bounds.status).toBe(1001);
  });

  it('credit demo coins that the balance log labels as sandbox demo money', async () => {
    const t = await buildTestApp({ env: { SANDBOX_TOOLS: 'true' } });
    apps.push(t);
    const user = await givenUser(t.database.db);
    const token = await givenSession(t.database.db, user.id);
    expect((await call(t.app, 'POST', '/api/sandbox/credit', { amount: 500 }, token)).status).toBe(0);
    const [flow] = (await call(t.app, 'GET', '/api/personalCenter/getMyBalanceLog', { balanceType: 0 }, token)).data.pageData;
    expect(flow).toMatchObject({ actionType: 'demo_credit', actionName: '沙盒体验金（演示）', changeAmount: 500 });
  });

  it('are not there for a request a proxy forwarded or that came from another machine', async () => {
    const t = await buildTestApp({ env: { SANDBOX_TOOLS: 'true' } });
    apps.push(t);
    const user = await givenUser(t.database.db);
    const token = await givenSession(t.database.db, user.id);
    const attempts = [
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
      { headers: { forwarded: 'for=203.0.113.9' } },
      { headers: { 'x-real-ip': '203.0.113.9' } },
      { headers: {}, remoteAddress: '203.0.113.9' },
    ];
    for (const { headers, remoteAddress } of attempts) {
      for (const url of ['/api/sandbox/smsOutbox', '/api/sandbox/credit']) {
        const res = await t.app.inject({
          method: url.endsWith('credit') ? 'POST' : 'GET',
          url,
          headers: { ...headers, token },
          ...(remoteAddress ? { remoteAddress } : {}),
        });
        expect({ url, headers, remoteAddress, code: res.statusCode, status: res.json().status }).toEqual({
          url,
          headers,
          remoteAddress,
          code: 404,
          status: 1003,
        });
      }
    }
    // Nothing was credited through the forwarded calls; straight from this machine the sandbox answers.
    expect((await call(t.app, 'GET', '/api/personalCenter/getMyBalanceLog', { balanceType: 0 }, token)).data.pageData).toEqual([]);
    expect((await call(t.app, 'GET', '/api/sandbox/smsOutbox', { phone: '13800000000' }, token)).status).toBe(0);
  });

  it('are refused by the configuration in production', async () => {
    const { loadConfig } = await import('../../config.js');
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX_TOOLS: 'true' })).toThrow(/SANDBOX_TOOLS/);
  });
});
