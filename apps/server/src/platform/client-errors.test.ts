import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { CLIENT_ERROR_LIMITS } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { CLIENT_ERROR_REPORTS_PER_MINUTE } from './client-errors.js';

let t: TestApp;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  t = await buildTestApp();
  // The report's log line, as an operator reads it (the app's logger is silent in tests). A request's
  // logger is a pino child of the app's: it calls this, with its own bindings (the request id).
  vi.spyOn(t.app.log, 'warn').mockImplementation(function (this: { bindings(): Record<string, unknown> }, obj: unknown, msg?: unknown) {
    lines.push({ ...(obj as Record<string, unknown>), msg, ...this.bindings() });
  } as FastifyBaseLogger['warn']);
});
afterAll(async () => t?.close());

const report = {
  kind: 'error',
  message: "TypeError: Cannot read properties of undefined (reading 'boxList')",
  stack: 'TypeError: …\n    at BattleRoom (/assets/battle-room-abc123.js:1:2345)',
  page: '/battle/AB12cd34?round=2',
  release: '0.1.0+1a2b3c4',
};

/** From its own address, so each test has the whole per-address budget. */
const send = (body: Record<string, unknown>, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client/reportError',
    remoteAddress: address,
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 test' },
    payload: JSON.stringify(body),
  });

const counted = async (kind: string) => {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`skinfair_client_errors_total{kind="${kind}"}`));
  return Number(line?.split(' ')[1]);
};

describe('browser error reports (issue 27 §10)', () => {
  it('logs a report with the request id, the release and the page, and counts it with its folded repeats', async () => {
    const before = await counted('boundary');
    const res = await send({ ...report, kind: 'boundary', repeats: 2 }, '10.0.0.1');
    expect(res.json()).toEqual({ status: 0, msg: expect.any(String), data: true });
    const line = lines.find((l) => l.msg === 'client error reported');
    expect(line).toMatchObject({
      reqId: expect.stringMatching(/\S/),
      userId: null,
      clientError: { kind: 'boundary', release: '0.1.0+1a2b3c4', page: '/battle/AB12cd34?round=2', userAgent: 'Mozilla/5.0 test' },
    });
    expect(await counted('boundary')).toBe(before + 3);
  });

  it('refuses a report over its bounds, of an unknown kind, with control characters or without a release', async () => {
    const over = (field: keyof typeof CLIENT_ERROR_LIMITS) => 'x'.repeat(CLIENT_ERROR_LIMITS[field] + 1);
    for (const bad of [
      { ...report, message: over('message') },
      { ...report, stack: over('stack') },
      { ...report, page: `/${over('page')}` },
      { ...report, release: over('release') },
      { ...report, kind: 'warning' },
      { ...report, message: 'fake\u001b[31m line' },
      { ...report, page: 'https://elsewhere.example/' },
      { ...report, release: undefined },
    ]) {
      const res = await send(bad, '10.0.0.2');
      expect(res.statusCode).toBe(200);
      expect(res.json().status, JSON.stringify(bad).slice(0, 80)).toBe(1001);
    }
  });

  it('refuses a body over 8 KiB before reading it', async () => {
    const res = await send({ ...report, stack: 'y'.repeat(9_000) }, '10.0.0.3');
    expect(res.json().status).toBe(1005);
  });

  it('takes a limited number of reports a minute from one address, and still takes another address', async () => {
    for (let i = 0; i < CLIENT_ERROR_REPORTS_PER_MINUTE; i++) expect((await send(report, '10.0.0.4')).json().status).toBe(0);
    expect((await send(report, '10.0.0.4')).json().status).toBe(1004);
    expect((await send(report, '10.0.0.5')).json().status).toBe(0);
  });
});
