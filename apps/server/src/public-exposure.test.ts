import net from 'node:net';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './testing/test-app.js';
import { expectBooksBalanced } from './testing/factories.js';
import { postSignedCallback } from './testing/payment-helpers.js';
import { startServerProcess } from './testing/server-process.js';

/** Issue 9 §1, §7, §8, §10, §14: what a stranger on the internet can and cannot reach. */

const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((a) => a.close())));
async function app(env: Record<string, string> = {}) {
  const t = await buildTestApp({ env });
  apps.push(t);
  return t;
}

describe('sandbox off', () => {
  it('has no sandbox tools, no sandbox pay channel, and refuses its callbacks even when signed', async () => {
    const t = await app({ SANDBOX_TOOLS: 'false' });
    const outbox = await t.app.inject({ method: 'GET', url: '/api/sandbox/smsOutbox?phone=13800138000' });
    expect(outbox.json()).toMatchObject({ status: 1003 });
    const config = (await t.app.inject({ method: 'GET', url: '/api/recharge/rechargeConfig' })).json();
    expect(config.data.rechargeChannelList.filter((c: { channelType: number }) => c.channelType === 9)).toEqual([]);
    const res = await postSignedCallback(t, 1, { orderId: 'D1', providerTxnId: 'X', amount: 100, currency: 'CNY', status: 'paid' });
    expect(res.statusCode).toBe(401);
  });

  it('tells the web app whether it is a sandbox, so it can show the badge', async () => {
    const on = (await (await app()).app.inject({ method: 'GET', url: '/api/common/sysConfig' })).json();
    const off = (await (await app({ SANDBOX_TOOLS: 'false' })).app.inject({ method: 'GET', url: '/api/common/sysConfig' })).json();
    expect(on.data.sandbox).toBe(true);
    expect(off.data.sandbox).toBe(false);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and a referrer policy, and no HSTS over http', async () => {
    const t = await app();
    const res = await t.app.inject({ method: 'GET', url: '/api/common/sysConfig' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.cstrike\.app/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Static and fallback answers carry them too.
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });

  it("answers a path the router cannot decode with the envelope and the headers, not Fastify's raw JSON", async () => {
    const t = await app();
    const long = '1'.repeat(150);
    for (const url of ['/%', '/api/%zz', `/api/callback/${long}`]) {
      const res = await t.app.inject({ method: url.startsWith('/api/callback') ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ status: 1001, msg: expect.any(String), data: null });
      expect(res.body).not.toMatch(/FST_ERR/);
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it("answers a request Node's parser refuses (headers over 16 KiB) with the envelope and the headers", async () => {
    const t = await app();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(`GET /api/common/sysConfig HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-security-policy: [^\r]*frame-ancestors 'none'/i);
    expect(head).toMatch(/x-content-type-options: nosniff/i);
    expect(JSON.parse(body)).toEqual({ status: 1001, msg: '参数错误', data: null });
  });

  it('sends HSTS when the public address is https', async () => {
    const t = await app({ SANDBOX_TOOLS: 'false', HOST: '0.0.0.0', PUBLIC_URL: 'https://skinfair.example' });
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});

describe('rate limits', () => {
  it('count API calls only: static files and image redirects never use the budget', async () => {
    const t = await app({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'GET', url: `/img/images/a${i}.webp` })).statusCode).toBe(302);
      expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/common/sysConfig' })).json().status).toBe(0);
    const limited = await t.app.inject({ method: 'GET', url: '/api/common/sysConfig' });
    // The envelope with a Chinese message, so the web app shows a toast and never raw JSON.
    expect(limited.json()).toMatchObject({ status: 1004, msg: '操作过于频繁，请稍后再试' });
  });

  it('key IPv6 clients by /64 and believe X-Forwarded-For only from a listed proxy', async () => {
    const t = await app({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' });
    const from = (remoteAddress: string, forwarded?: string) =>
      t.app
        .inject({ method: 'GET', url: '/api/common/sysConfig', remoteAddress, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} })
        .then((r) => r.json().status);
    expect(await from('127.0.0.1', '2001:db8:1:1::1')).toBe(0);
    expect(await from('127.0.0.1', '2001:db8:1:1::2')).toBe(0);
    expect(await from('127.0.0.1', '2001:db8:1:1:abcd::3')).toBe(1004);
    expect(await from('127.0.0.1', '2001:db8:1:2::1')).toBe(0);
    // A peer that is not a listed proxy cannot pick its address: both calls count on 198.51.100.9.
    expect(await from('198.51.100.9', '203.0.113.1')).toBe(0);
    expect(await from('198.51.100.9', '203.0.113.2')).toBe(0);
    expect(await from('198.51.100.9', '203.0.113.3')).toBe(1004);
  });
});

describe('health and the ledger audit (issue 9 §10)', () => {
  it('keeps public probes to liveness and readiness, without the books', async () => {
    const t = await app();
    const live = await t.app.inject({ method: 'GET', url: '/health?deep=1' });
    expect(live.statusCode).toBe(200);
    expect(live.json().data).not.toHaveProperty('ledger');
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toMatchObject({ ready: true, database: { ok: true } });
    expect(JSON.stringify(ready.json())).not.toMatch(/sumFen|ledger/);
  });

  it('does not exist without an operator token, and hides behind it when set', async () => {
    const off = await app();
    expect((await off.app.inject({ method: 'GET', url: '/api/ops/ledgerAudit' })).statusCode).toBe(404);
    const token = 'Zx81-kQ3vNp7Lr2Tb9Wy4Hc6Jm0Fd5Sg_aE';
    const t = await app({ OPS_TOKEN: token });
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/ledgerAudit?deep=1' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ops/ledgerAudit', headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/api/ops/ledgerAudit?deep=1', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sumFen: 0, negativeUserAccounts: 0, mismatchedAccounts: 0, balanced: true });
    await expectBooksBalanced(t.database.db);
  });

  it('answers 503 to the operator when the books do not balance', async () => {
    const token = 'Zx81-kQ3vNp7Lr2Tb9Wy4Hc6Jm0Fd5Sg_aE';
    const t = await app({ OPS_TOKEN: token });
    await t.database.db.execute(sql`UPDATE ledger_accounts SET balance_fen = balance_fen + 1 WHERE id = 1`);
    const res = await t.app.inject({ method: 'GET', url: '/api/ops/ledgerAudit', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(503);
    expect(res.json().data.balanced).toBe(false);
    await t.database.db.execute(sql`UPDATE ledger_accounts SET balance_fen = balance_fen - 1 WHERE id = 1`);
  });
});

const canConnect = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });

describe('a real server process', () => {
  it('refuses to boot a sandbox on every interface, and says why', async () => {
    const server = await startServerProcess({ HOST: '0.0.0.0' });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toMatch(/SANDBOX_TOOLS: the sandbox .* loopback/);
    await server.stop();
  }, 30_000);

  it('listens on loopback only by default, and logs the sandbox loudly', async () => {
    const server = await startServerProcess({ JOBS_ENABLED: 'false' });
    try {
      await server.ready();
      expect(server.output()).toMatch(/SANDBOX MODE/);
      expect(await canConnect('127.0.0.1', server.port)).toBe(true);
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((i) => i && i.family === 'IPv4' && !i.internal);
      if (outside) expect(await canConnect(outside.address, server.port)).toBe(false);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
