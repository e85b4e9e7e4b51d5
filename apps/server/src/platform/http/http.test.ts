import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Redis } from 'ioredis';
import { errorMessage } from '@skinfair/contract';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../../testing/test-db.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { AppError } from '../errors.js';
import { revokeSession, resolveSession } from '../auth/index.js';
import { createPlatformServer } from './server.js';
import { apiRoute } from './route.js';

let database: Database;
let app: FastifyInstance;

const echoParams = z.object({
  page: z.coerce.number().int().min(1),
  name: z.string().max(5).optional(),
  mobile: z
    .string()
    .regex(/^1[3-9]\d{9}$/, { error: errorMessage('MOBILE_INVALID') })
    .optional(),
});

async function platformApp(options: { rateLimitPerMinute?: number; redis?: Redis } = {}) {
  const server = await createPlatformServer({
    db: database.db,
    logLevel: 'silent',
    trustProxy: [],
    rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
    ...(options.redis ? { redis: options.redis } : {}),
  });
  apiRoute(server, {
    method: ['GET', 'POST'],
    url: '/api/test/echo',
    params: echoParams,
    response: echoParams,
    handler: async ({ params }) => params,
  });
  apiRoute(server, {
    method: 'GET',
    url: '/api/test/me',
    auth: 'required',
    params: z.object({}),
    response: z.object({ userId: z.number() }),
    handler: async ({ userId }) => ({ userId }),
  });
  apiRoute(server, {
    method: 'GET',
    url: '/api/test/boom',
    params: z.object({}),
    response: z.object({}),
    handler: async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    },
  });
  apiRoute(server, {
    method: 'GET',
    url: '/api/test/refuse',
    params: z.object({}),
    response: z.object({}),
    handler: async () => {
      throw new AppError('INSUFFICIENT_BALANCE', 'needs 100 more');
    },
  });
  apiRoute(server, {
    method: 'GET',
    url: '/api/test/bad-output',
    params: z.object({}),
    response: z.object({ n: z.number() }),
    handler: async () => ({ n: 'not a number' }) as unknown as { n: number },
  });
  await server.ready();
  return server;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await platformApp();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('envelope and parameters', () => {
  it('wraps data in {status: 0, msg, data}', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/echo?page=2&name=ab' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: '', data: { page: 2, name: 'ab' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('merges query, form body and JSON body, the body winning', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/api/test/echo?page=1&name=q',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'page=3',
    });
    expect(form.json().data).toEqual({ page: 3, name: 'q' });
    const json = await app.inject({ method: 'POST', url: '/api/test/echo?name=q', payload: { page: 4, name: 'j' } });
    expect(json.json().data).toEqual({ page: 4, name: 'j' });
  });

  it('answers bad input with a Chinese message naming the parameter, never a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/echo?page=0' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1001, data: null });
    expect(res.json().msg).toMatch(/^参数错误 page/);
  });

  it('uses the catalogue error a schema names, in the language of the lang header', async () => {
    const zh = await app.inject({ method: 'GET', url: '/api/test/echo?page=1&mobile=123' });
    expect(zh.json()).toEqual({ status: 3003, msg: '请输入正确的手机号', data: null });
    const en = await app.inject({ method: 'GET', url: '/api/test/echo?page=1&mobile=123', headers: { lang: 'en-US' } });
    expect(en.json().msg).toBe('Enter a correct mobile number');
  });

  it('refuses prototype-polluting parameter names', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"page":1,"__proto__":{"admin":true}}',
    });
    expect(res.json()).toMatchObject({ status: 1009, data: null });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const query = await app.inject({ method: 'GET', url: '/api/test/echo?page=1&__proto__=x' });
    expect(query.json()).toMatchObject({ status: 1009, msg: '参数名不合法' });
  });

  it('answers malformed JSON, a wrong content type and an oversized body with the envelope', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"page":',
    });
    expect(bad.json()).toMatchObject({ status: 1001, msg: '参数错误' });
    const type = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'text/x-unknown' }, payload: 'x' });
    expect(type.json().status).toBe(1001);
    const big = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { page: 1, name: 'x'.repeat(2 * 1024 * 1024) } });
    expect(big.json()).toMatchObject({ status: 1005, msg: '请求内容过大' });
  });

  it('hides internal errors behind a generic message with no stack', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1000, msg: '服务繁忙，请稍后再试', data: null });
    expect(res.body).not.toMatch(/secret|\.ts|at /);
  });

  it('turns an AppError into its catalogue entry without leaking the detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/refuse' });
    expect(res.json()).toEqual({ status: 2001, msg: '余额不足', data: null });
  });

  it('refuses to send a response that fails its own schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/bad-output' });
    expect(res.json()).toMatchObject({ status: 1000, data: null });
  });

  it('sends an exact hot route unparsed outside tests, and tests catch a field its schema lacks (issue 11)', async () => {
    const leaky = async (checkResponses: boolean) => {
      const node = await createPlatformServer({
        db: database.db,
        logLevel: 'silent',
        trustProxy: [],
        rateLimitPerMinute: 10_000,
        checkResponses,
      });
      const response = z.object({ items: z.array(z.object({ id: z.number() })) });
      const handler = async () => ({ items: [{ id: 1, secret: 'x' }] });
      apiRoute(node, { method: 'GET', url: '/api/test/leaky', params: z.object({}), response, exactResponse: true, handler });
      apiRoute(node, { method: 'GET', url: '/api/test/parsed', params: z.object({}), response, handler });
      await node.ready();
      const answers = [
        (await node.inject({ method: 'GET', url: '/api/test/leaky' })).json(),
        (await node.inject({ method: 'GET', url: '/api/test/parsed' })).json(),
      ];
      await node.close();
      return answers;
    };
    const [checkedLeaky, checkedParsed] = await leaky(true);
    expect(checkedLeaky).toMatchObject({ status: 1000, data: null });
    expect(checkedParsed).toEqual({ status: 0, msg: '', data: { items: [{ id: 1 }] } });
    // Unchecked, an exact route's answer goes out as built (which is why tests must check it) and other
    // routes are still parsed, so nothing outside their schema leaves.
    const [sentLeaky, sentParsed] = await leaky(false);
    expect(sentLeaky.data).toEqual({ items: [{ id: 1, secret: 'x' }] });
    expect(sentParsed.data).toEqual({ items: [{ id: 1 }] });
  });
});

describe('load shedding (issue 10 §3)', () => {
  it('answers API calls "busy" at once while the pool queue is long, and keeps probes and pages up', async () => {
    let waiting = 0;
    const node = await createPlatformServer({
      db: database.db,
      logLevel: 'silent',
      trustProxy: [],
      rateLimitPerMinute: 10_000,
      shedding: { poolStats: () => ({ waiting }), maxPoolWaiting: 5 },
    });
    apiRoute(node, {
      method: 'GET',
      url: '/api/test/echo',
      params: echoParams,
      response: echoParams,
      handler: async ({ params }) => params,
    });
    node.get('/health', async () => ({ ok: true }));
    await node.ready();
    expect((await node.inject({ method: 'GET', url: '/api/test/echo?page=1' })).json().status).toBe(0);
    waiting = 6;
    expect((await node.inject({ method: 'GET', url: '/api/test/echo?page=1' })).json()).toMatchObject({
      status: 1008,
      msg: errorMessage('DB_UNAVAILABLE'),
    });
    expect((await node.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    waiting = 0;
    expect((await node.inject({ method: 'GET', url: '/api/test/echo?page=1' })).json().status).toBe(0);
    await node.close();
  });
});

describe('strict inputs (issue 10 §9)', () => {
  const post = (payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': contentType }, payload }).then((r) => r.json());

  it('refuses a deeply nested JSON body before parsing it', async () => {
    const deep = `{"page":1,"x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect(await post(deep)).toMatchObject({ status: 1001 });
    expect(await post(`{"page":1,"x":[[[[1]]]]}`)).toMatchObject({ status: 1001 });
    expect(await post(`{"page":1,"x":[[[1]]]}`)).toMatchObject({ status: 0 });
    // Brackets inside strings are text, not nesting.
    expect(await post(`{"page":1,"name":"[[[\\"["}`)).toMatchObject({ status: 0, data: { page: 1, name: '[[["[' } });
  });

  it('refuses bodies larger than any parameter set needs', async () => {
    const big = JSON.stringify({ page: 1, pad: 'x'.repeat(70 * 1024) });
    expect((await post(big)).msg).toBe(errorMessage('PAYLOAD_TOO_LARGE'));
  });

  it('refuses a NUL character in any parameter, from the query, a form or JSON', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/test/echo?page=1&name=a%00b' })).json()).toMatchObject({ status: 1001 });
    expect(await post('page=1&name=a%00b', 'application/x-www-form-urlencoded')).toMatchObject({ status: 1001 });
    expect(await post(JSON.stringify({ page: 1, name: 'a\u0000b' }))).toMatchObject({ status: 1001 });
  });

  it('refuses a flood of parameter names', async () => {
    const keys = Array.from({ length: 100 }, (_, i) => `k${i}=1`).join('&');
    expect(await post(`page=1&${keys}`, 'application/x-www-form-urlencoded')).toMatchObject({ status: 1001 });
  });

  it('ignores unknown keys instead of writing them', async () => {
    expect(await post(JSON.stringify({ page: 2, balance: 999, role: 'admin' }))).toMatchObject({ status: 0, data: { page: 2 } });
    expect((await post(JSON.stringify({ page: 2, balance: 999 }))).data).not.toHaveProperty('balance');
  });
});

describe('login guard and token header', () => {
  it('answers HTTP 401 with the envelope without a token, or with an unknown one', async () => {
    for (const headers of [{}, { token: 'not-a-real-token-at-all-xxxxxxxx' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/test/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, msg: '请先登录', data: null });
    }
  });

  it('resolves a live session token to its user, and refuses it once revoked', async () => {
    const user = await givenUser(database.db);
    const token = await givenSession(database.db, user.id);
    const res = await app.inject({ method: 'GET', url: '/api/test/me', headers: { token } });
    expect(res.json()).toEqual({ status: 0, msg: '', data: { userId: user.id } });
    const session = await resolveSession(database.db, token);
    await revokeSession(database.db, session!.sessionId);
    const after = await app.inject({ method: 'GET', url: '/api/test/me', headers: { token } });
    expect(after.statusCode).toBe(401);
  });

  it('answers unknown API paths with the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.json()).toMatchObject({ status: 1003, msg: '接口不存在' });
  });
});

describe('rate limiting', () => {
  it('refuses requests over the limit with the catalogue message', async () => {
    const limited = await platformApp({ rateLimitPerMinute: 3 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.inject({ method: 'GET', url: '/api/test/echo?page=1' })).json().status);
    expect(statuses).toEqual([0, 0, 0, 1004, 1004]);
    const res = await limited.inject({ method: 'GET', url: '/api/test/echo?page=1' });
    expect(res.json().msg).toBe('操作过于频繁，请稍后再试');
    await limited.close();
  });

  it('keeps limiting per node while Redis is unreachable, instead of failing open (issue 10 §8)', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    down.on('error', () => {});
    const node = await platformApp({ rateLimitPerMinute: 3, redis: down });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await node.inject({ method: 'GET', url: '/api/test/echo?page=1' })).json().status);
    expect(statuses).toEqual([0, 0, 0, 1004, 1004]);
    await node.close();
    down.disconnect();
  });

  it.skipIf(!process.env.REDIS_URL)('falls back to per-node counters when Redis drops mid-way', async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    redis.on('error', () => {});
    await redis.ping();
    const node = await platformApp({ rateLimitPerMinute: 3, redis });
    expect((await node.inject({ method: 'GET', url: '/api/test/echo?page=1' })).json().status).toBe(0);
    redis.disconnect();
    while (redis.status !== 'end') await new Promise((r) => setTimeout(r, 5));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await node.inject({ method: 'GET', url: '/api/test/echo?page=1' })).json().status);
    expect(statuses).toEqual([0, 0, 0, 1004]);
    await node.close();
  });

  it.skipIf(!process.env.REDIS_URL)('shares the counters between two nodes through Redis', async () => {
    const redisA = new Redis(process.env.REDIS_URL!);
    const redisB = new Redis(process.env.REDIS_URL!);
    await redisA.flushdb();
    const a = await platformApp({ rateLimitPerMinute: 4, redis: redisA });
    const b = await platformApp({ rateLimitPerMinute: 4, redis: redisB });
    const statuses = [];
    for (const node of [a, b, a, b, a, b])
      statuses.push((await node.inject({ method: 'GET', url: '/api/test/echo?page=1' })).json().status);
    expect(statuses).toEqual([0, 0, 0, 0, 1004, 1004]);
    await a.close();
    await b.close();
    redisA.disconnect();
    redisB.disconnect();
  });
});
