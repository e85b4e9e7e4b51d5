import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { settle } from '../../../test/settle';
import { AdminApiError, adminRequest } from './admin-client';

/** Recorded requests and a scripted answer per attempt (an Error rejects, like a dropped connection). */
function scriptedFetch(answers: (Response | Error)[]) {
  const calls: RequestInit[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      calls.push(init);
      const next = answers[Math.min(calls.length - 1, answers.length - 1)]!;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next.clone());
    }),
  );
  return calls;
}
const envelope = (status: number, data: unknown = null, msg = '') =>
  new Response(JSON.stringify({ status, msg, data }), { headers: { 'Content-Type': 'application/json' } });
const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string>)['Idempotency-Key'];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the console client: keyed changes (issue 10)', () => {
  it('sends no key unless asked, and a new key per keyed call', async () => {
    const calls = scriptedFetch([envelope(0, { ok: true })]);
    await adminRequest('POST', '/api/admin/players/freeze', { id: 1 }, z.unknown());
    await adminRequest('POST', '/api/admin/withdrawals/fail', { id: 1, reason: 'x' }, z.unknown(), { idempotent: true });
    await adminRequest('POST', '/api/admin/withdrawals/fail', { id: 1, reason: 'x' }, z.unknown(), { idempotent: true });
    expect(keyOf(calls[0])).toBeUndefined();
    expect(keyOf(calls[1])).toMatch(/^[A-Za-z0-9_:.-]{8,100}$/);
    expect(keyOf(calls[2])).not.toBe(keyOf(calls[1]));
  });

  it('asks again with the same key and body after a lost answer or a busy one, and resolves with the data', async () => {
    vi.useFakeTimers();
    const calls = scriptedFetch([new TypeError('Failed to fetch'), envelope(1008), envelope(0, { state: 4 })]);
    const { value } = await settle(
      adminRequest('POST', '/api/admin/games/battles/cancel', { id: 7, reason: '测试' }, z.object({ state: z.number() }), {
        idempotent: true,
      }),
    );
    expect(value).toEqual({ state: 4 });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map(keyOf)).size).toBe(1);
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
  });

  it('does not ask again after a refusal, and gives up after three attempts', async () => {
    vi.useFakeTimers();
    const refused = scriptedFetch([envelope(13001, null, '状态不允许')]);
    const first = await settle(adminRequest('POST', '/api/admin/withdrawals/retry', { id: 1 }, z.unknown(), { idempotent: true }));
    expect(first.error).toBeInstanceOf(AdminApiError);
    expect(refused).toHaveLength(1);

    const lost = scriptedFetch([new TypeError('Failed to fetch')]);
    const last = await settle(adminRequest('POST', '/api/admin/withdrawals/retry', { id: 1 }, z.unknown(), { idempotent: true }));
    expect(last.error).toMatchObject({ status: -1 });
    expect(lost).toHaveLength(3);
  });
});
