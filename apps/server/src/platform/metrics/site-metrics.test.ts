import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { deposit, postSignedCallback } from '../../testing/payment-helpers.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../testing/test-app.js';
import { createSmsProviderFor, createDrandBeaconProvider, createSteamOpenIdProvider } from '../providers/index.js';
import { instrumentProvider } from './provider-calls.js';

/**
 * Issue 26 §12: each new figure moves in a scrape after the event that moves it. Provider series live in
 * the process's registry (provider-calls.ts), so these tests compare before and after, never totals.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const scrapeOf = async (app: TestApp['app']) => (await app.inject({ method: 'GET', url: '/metrics' })).body;
const scrape = () => scrapeOf(t.app);
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}
async function delta(series: string, act: () => Promise<unknown>): Promise<number> {
  const before = sample(await scrape(), series);
  await act();
  return sample(await scrape(), series) - before;
}

describe('provider calls (payments, SMS, Steam, drand)', () => {
  it('times every call by provider and operation, and counts the failures', async () => {
    const sms = createSmsProviderFor({ provider: 'sandbox' } as Parameters<typeof createSmsProviderFor>[0], t.database.db);
    expect(
      await delta('skinfair_provider_call_duration_seconds_count{provider="sms-sandbox",operation="send",outcome="ok"}', () =>
        sms.send('13800000000', { code: '123456', text: '验证码 123456' } as never),
      ),
    ).toBe(1);

    // Steam's OpenID endpoint unreachable: the call rejects, and is counted as an error.
    const steam = createSteamOpenIdProvider('http://127.0.0.1:1/openid/login', 2_000);
    expect(
      await delta('skinfair_provider_errors_total{provider="steam-openid",operation="checkAuthentication"}', () =>
        steam.checkAuthentication({}).catch(() => null),
      ),
    ).toBe(1);

    // drand: a relay answering 500 is a provider error; a 404 ("not published yet") is not.
    const relay = http.createServer((req, res) => res.writeHead(req.url?.includes('/404/') ? 404 : 500).end());
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    const port = (relay.address() as { port: number }).port;
    try {
      const failing = createDrandBeaconProvider({ urls: [`http://127.0.0.1:${port}/500/{round}`] });
      const notYet = createDrandBeaconProvider({ urls: [`http://127.0.0.1:${port}/404/{round}`] });
      const errors = 'skinfair_provider_errors_total{provider="drand",operation="fetchRound"}';
      expect(await delta(errors, () => failing.fetchRound(5))).toBe(1);
      expect(await delta(errors, () => notYet.fetchRound(5))).toBe(0);
      expect(
        await delta('skinfair_provider_call_duration_seconds_count{provider="drand",operation="fetchRound",outcome="ok"}', () =>
          notYet.fetchRound(6),
        ),
      ).toBe(1);
    } finally {
      relay.close();
    }
  });

  it('passes results, errors, fields and synchronous methods through unchanged', async () => {
    const target = {
      name: 'x',
      sync: () => 7,
      async ok() {
        return 'fine';
      },
      async bad(): Promise<never> {
        throw new Error('nope');
      },
    };
    const wrapped = instrumentProvider('test-provider', target);
    expect(wrapped.name).toBe('x');
    expect(wrapped.sync()).toBe(7);
    expect(await wrapped.ok()).toBe('fine');
    await expect(wrapped.bad()).rejects.toThrow('nope');
    const text = await scrape();
    expect(
      sample(text, 'skinfair_provider_call_duration_seconds_count{provider="test-provider",operation="ok",outcome="ok"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'skinfair_provider_errors_total{provider="test-provider",operation="bad"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('operation="sync"');
  });
});

describe('payments: callbacks refused and deposits by state', () => {
  it('counts a refused callback by verdict, a paid one as success, and the deposits of the last hour', async () => {
    const user = await givenUser(t.database.db);
    const token = await givenSession(t.database.db, user.id);
    const paidBefore = sample(await scrape(), 'skinfair_deposits_last_hour{state="paid"}');
    const fenBefore = sample(await scrape(), 'skinfair_deposits_last_hour_fen{state="paid"}');
    const success = 'skinfair_payment_callbacks_total{provider="sandbox",verdict="success"}';
    expect(await delta(success, () => deposit(t, token, 5_000))).toBe(1);
    // The money gauges are read at most every 15 s; a fresh app reads them on its first scrape.
    const fresh = await buildApp({ config: testConfig(), database: t.database, live: { publish() {}, onlineCount: () => 0 } });
    try {
      const text = await scrapeOf(fresh);
      expect(sample(text, 'skinfair_deposits_last_hour{state="paid"}')).toBeGreaterThanOrEqual(paidBefore + 1);
      expect(sample(text, 'skinfair_deposits_last_hour_fen{state="paid"}')).toBeGreaterThanOrEqual(fenBefore + 5_000);
    } finally {
      await fresh.close();
    }

    const badSignature = 'skinfair_payment_callbacks_total{provider="sandbox",verdict="bad-signature"}';
    expect(
      await delta(badSignature, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/callback/1',
          headers: { 'content-type': 'application/json', 'x-signature': 'forged' },
          payload: '{}',
        }),
      ),
    ).toBe(1);
    // Signed, but for an order that does not exist: refused, and the provider will send it again.
    const refused = 'skinfair_payment_callbacks_total{provider="sandbox",verdict="refused"}';
    expect(
      await delta(refused, () =>
        postSignedCallback(t, 1, { orderId: 'NO-SUCH-ORDER', providerTxnId: 'T-x', amount: 100, currency: 'CNY', status: 'paid' }),
      ),
    ).toBe(1);
  });
});

describe('withdrawals by state', () => {
  it('reports open withdrawals per state and the age of the oldest', async () => {
    await t.database.db.execute(
      sql`INSERT INTO retrievals (user_id, inventory_item_id, state, trade_url, created_at)
          VALUES (990001, 990001, 1, 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=a', now() - interval '2 hours')`,
    );
    const fresh = await buildApp({ config: testConfig(), database: t.database, live: { publish() {}, onlineCount: () => 0 } });
    try {
      const text = await scrapeOf(fresh);
      expect(sample(text, 'skinfair_withdrawals_open{state="awaiting_shipment"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'skinfair_withdrawals_oldest_open_seconds{state="awaiting_shipment"}')).toBeGreaterThanOrEqual(7_000);
      expect(text).toMatch(/^skinfair_withdrawals_open\{state="retrieving"\} \d+$/m);
    } finally {
      await fresh.close();
    }
  });
});

describe('refusals: 429, load shedding, Redis fallback', () => {
  it('counts address-limit refusals (429) by route and code', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' }, database: t.database });
    try {
      for (let i = 0; i < 4; i++) await limited.app.inject({ method: 'GET', url: '/api/common/sysConfig' });
      const text = await scrapeOf(limited.app);
      expect(sample(text, 'skinfair_api_errors_total{route="/api/common/sysConfig",code="RATE_LIMITED"}')).toBe(2);
    } finally {
      await limited.close();
    }
  });

  it('counts calls shed while the pool queue is over its limit', async () => {
    let waiting = 0;
    const database = { ...t.database, poolStats: () => ({ total: 1, idle: 0, waiting, max: 1 }) };
    const app = await buildApp({ config: testConfig({ SHED_POOL_WAITING: '5' }), database, live: { publish() {}, onlineCount: () => 0 } });
    try {
      expect(sample(await scrapeOf(app), 'skinfair_load_shed_total{reason="pool"}')).toBe(0);
      waiting = 50;
      await app.inject({ method: 'GET', url: '/api/common/sysConfig' });
      await app.inject({ method: 'GET', url: '/api/common/sysConfig' });
      waiting = 0;
      const text = await scrapeOf(app);
      expect(sample(text, 'skinfair_load_shed_total{reason="pool"}')).toBe(2);
      expect(sample(text, 'skinfair_api_errors_total{route="/api/common/sysConfig",code="DB_UNAVAILABLE"}')).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('shows 1 while the configured Redis is unreachable and 0 without a Redis to miss', async () => {
    expect(await scrape()).toMatch(/^skinfair_redis_fallback 0$/m);
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    const app = await buildApp({ config: testConfig(), database: t.database, live: { publish() {}, onlineCount: () => 0 }, redis: dead });
    try {
      expect(await scrapeOf(app)).toMatch(/^skinfair_redis_fallback 1$/m);
      // Requests keep working meanwhile.
      expect((await app.inject({ method: 'GET', url: '/api/common/sysConfig' })).json()).toMatchObject({ status: 0 });
    } finally {
      await app.close();
      dead.disconnect();
    }
  });
});
