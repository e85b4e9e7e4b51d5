import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../ui/toast';
import { z } from 'zod';
import { errorCatalogue } from '@skinfair/contract';
import { apiGet, apiPost } from './client';
import { ApiError } from './api-error';
import { resetLoginFlowGuard } from './login-flow';
import { useOverlayStore } from '../stores/overlay-store';
import { useLocaleStore } from '../i18n/locale-store';
import { shouldRetry } from './query-client';
import { settle } from '../../test/settle';

interface Call {
  url: string;
  init: RequestInit;
}

/** A stand-in for fetch that records calls and answers with the given envelope. */
function fakeFetch(answer: (call: Call) => Promise<Response> | Response) {
  const calls: Call[] = [];
  const fn = vi.fn((url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}
const envelope = (status: number, msg: string, data: unknown, http = 200) =>
  new Response(JSON.stringify({ status, msg, data }), {
    status: http,
    headers: { 'Content-Type': 'application/json' },
  });
const header = (call: Call | undefined, name: string) => (call?.init.headers as Record<string, string>)[name];

beforeEach(() => {
  resetLoginFlowGuard();
  useOverlayStore.getState().closeAll();
  useLocaleStore.setState({ locale: 'zh-CN' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client requests (spec §7)', () => {
  it('sends GET params in the query string with token and lang headers', async () => {
    localStorage.setItem('token', 'tok-1');
    const calls = fakeFetch(() => envelope(0, '', [1]));
    await expect(apiGet('/api/stat/lastDrop', { limit: 20, isTop: false, skip: undefined })).resolves.toEqual([1]);
    expect(calls[0]?.url).toBe('/api/stat/lastDrop?limit=20&isTop=false');
    expect(calls[0]?.init.method).toBe('GET');
    expect(header(calls[0], 'token')).toBe('tok-1');
    expect(header(calls[0], 'lang')).toBe('zh-CN');
  });

  it('form-encodes POST bodies and sends X-Referer with the page address', async () => {
    useLocaleStore.setState({ locale: 'en-US' });
    const calls = fakeFetch(() => envelope(0, '', true));
    await apiPost('/api/battle/joinBattle', { battleId: 7, name: '玩家 a&b' });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.url).toBe('/api/battle/joinBattle');
    expect(calls[0]?.init.body).toBe('battleId=7&name=%E7%8E%A9%E5%AE%B6+a%26b');
    expect(header(calls[0], 'Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(header(calls[0], 'X-Referer')).toBe(window.location.href);
    expect(header(calls[0], 'lang')).toBe('en-US');
    expect(header(calls[0], 'token')).toBeUndefined();
  });

  it('validates data with a schema and prefixes image fields', async () => {
    fakeFetch(() => envelope(0, '', { giftImage: 'g.png', n: 1 }));
    const data = await apiGet('/x', {}, { schema: z.object({ giftImage: z.string(), n: z.number() }) });
    expect(data).toEqual({ giftImage: '/img/g.png', n: 1 });
    fakeFetch(() => envelope(0, '', { n: 'one' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(apiGet('/x', {}, { schema: z.object({ n: z.number() }) })).rejects.toMatchObject({
      kind: 'invalid',
    });
  });
});

describe('api client errors (spec §8)', () => {
  it('shows msg as an error toast when status is not 0', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeFetch(() => envelope(2001, '余额不足', null));
    await expect(apiPost('/api/box/open', { boxId: 1 })).rejects.toMatchObject({
      kind: 'envelope',
      status: 2001,
    });
    expect(error).toHaveBeenCalledWith('余额不足', expect.anything());
  });

  it('lets a caller skip the toast', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeFetch(() => envelope(1002, '内容不存在', null));
    await expect(apiGet('/x', {}, { skipErrorToast: true })).rejects.toBeInstanceOf(ApiError);
    expect(error).not.toHaveBeenCalled();
  });

  it('swallows network errors without a toast', async () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'network' });
    fakeFetch(() => new Response('<html>502</html>', { status: 502 }));
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(error).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
  });

  it('times out after 15 s, silently', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(toast, 'error');
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return new Promise((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }),
    );
    const pending = apiGet('/slow');
    const outcome = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    await expect(outcome).resolves.toMatchObject({ kind: 'timeout' });
    expect(error).not.toHaveBeenCalled();
  });

  it('retries only transient errors', () => {
    expect(shouldRetry(0, new ApiError('network'))).toBe(true);
    expect(shouldRetry(2, new ApiError('timeout'))).toBe(false);
    expect(shouldRetry(0, new ApiError('envelope', 1001))).toBe(false);
    expect(shouldRetry(0, new ApiError('unauthorized', 401))).toBe(false);
  });
});

describe('401 flow (spec §4, §9)', () => {
  it('removes the token and opens the login panel after 200 ms, once per 1000 ms', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'expired');
    fakeFetch(() => envelope(401, '请先登录', null, 401));
    const open = vi.spyOn(useOverlayStore.getState(), 'openOverlay');
    await Promise.all([apiGet('/a').catch(() => {}), apiGet('/b').catch(() => {})]);
    expect(localStorage.getItem('token')).toBeNull();
    await vi.advanceTimersByTimeAsync(199);
    expect(useOverlayStore.getState().open.login).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(useOverlayStore.getState().open.login).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(700); // 900 ms after the first start: still guarded
    await apiGet('/c').catch(() => {});
    await vi.advanceTimersByTimeAsync(300);
    expect(open).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(100); // past the 1000 ms guard: a new flow starts
    await apiGet('/d').catch(() => {});
    await vi.advanceTimersByTimeAsync(200);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('treats an envelope status 401 on HTTP 200 the same way, without a toast', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(toast, 'error');
    localStorage.setItem('token', 'expired');
    fakeFetch(() => envelope(401, '请先登录', null));
    await expect(apiGet('/a')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(localStorage.getItem('token')).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(useOverlayStore.getState().open.login).toBe(true);
    expect(error).not.toHaveBeenCalled();
  });
});

describe('idempotent POSTs (money calls, issue 10)', () => {
  const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

  it('sends an Idempotency-Key only when asked, a new one per call', async () => {
    const calls = fakeFetch(() => envelope(0, '', true));
    await apiPost('/api/shop/buy', { id: 1 }, { idempotent: true });
    await apiPost('/api/shop/buy', { id: 1 }, { idempotent: true });
    await apiPost('/api/personalCenter/updateName', { name: 'a' });
    const first = header(calls[0], 'Idempotency-Key');
    expect(first).toMatch(/^[A-Za-z0-9_:.-]{8,100}$/);
    expect(header(calls[1], 'Idempotency-Key')).not.toBe(first);
    expect(header(calls[2], 'Idempotency-Key')).toBeUndefined();
  });

  it('asks again with the same key after a lost answer and resolves with the data', async () => {
    vi.useFakeTimers();
    let n = 0;
    const calls: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        calls.push(init);
        return n++ === 0 ? networkDown() : Promise.resolve(envelope(0, '', { balance: 5 }));
      }),
    );
    const { value } = await settle(apiPost('/api/case/openCase', { caseId: 1 }, { idempotent: true }));
    expect(value).toEqual({ balance: 5 });
    expect(calls).toHaveLength(2);
    const keys = calls.map((init) => (init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(calls[1]?.body).toBe(calls[0]?.body);
  });

  it('retries a busy answer (1008) silently', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(toast, 'error');
    let n = 0;
    const calls = fakeFetch(() => (n++ === 0 ? envelope(1008, '服务暂时不可用，请稍后再试', null) : envelope(0, '', true)));
    const { value } = await settle(apiPost('/api/shop/buy', { id: 1 }, { idempotent: true }));
    expect(value).toBe(true);
    expect(calls).toHaveLength(2);
    expect(header(calls[1], 'Idempotency-Key')).toBe(header(calls[0], 'Idempotency-Key'));
    expect(error).not.toHaveBeenCalled();
  });

  it('gives up after three attempts and fails as before', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(toast, 'error');
    const fetchFn = vi.fn(networkDown);
    vi.stubGlobal('fetch', fetchFn);
    const lost = await settle(apiPost('/api/shop/buy', { id: 1 }, { idempotent: true }));
    expect(lost.error).toMatchObject({ kind: 'network' });
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(error).not.toHaveBeenCalled();

    // A still-running first attempt (1006) that never finishes: the last answer is toasted as today.
    const calls = fakeFetch(() => envelope(1006, '请勿重复提交', null));
    const busy = await settle(apiPost('/api/shop/buy', { id: 1 }, { idempotent: true }));
    expect(busy.error).toMatchObject({ kind: 'envelope', status: 1006 });
    expect(calls).toHaveLength(3);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('请勿重复提交', expect.anything());
  });

  it('does not retry a refusal (2001) or a caller abort', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(toast, 'error');
    const calls = fakeFetch(() => envelope(2001, '余额不足', null));
    const refused = await settle(apiPost('/api/shop/buy', { id: 1 }, { idempotent: true }));
    expect(refused.error).toMatchObject({ kind: 'envelope', status: 2001 });
    expect(calls).toHaveLength(1);
    expect(error).toHaveBeenCalledWith('余额不足', expect.anything());

    const fetchFn = vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    vi.stubGlobal('fetch', fetchFn);
    const controller = new AbortController();
    controller.abort();
    const aborted = await settle(apiPost('/api/shop/buy', { id: 1 }, { idempotent: true, signal: controller.signal }));
    expect(aborted.error).toMatchObject({ kind: 'aborted' });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });
});

describe('a roll refused for a missing client seed (issue 24 §13)', () => {
  const MISSING = errorCatalogue.CLIENT_SEED_MISSING;
  const bodyOf = (call: Call | undefined) => Object.fromEntries(new URLSearchParams(String(call?.init.body)));

  it('gives the browser’s own seed, asks once more and shows no toast for the first refusal', async () => {
    const error = vi.spyOn(toast, 'error');
    let opens = 0;
    const calls = fakeFetch((call) =>
      call.url === '/api/key/clientSeed'
        ? envelope(0, '', { publicHash: 'a', clientSeed: 'x', nonce: 0, nextPublicHash: 'b' })
        : ++opens === 1
          ? envelope(MISSING.status, MISSING.zh, null)
          : envelope(0, '', { opened: true }),
    );
    await expect(apiPost('/api/case/openCase', { caseId: 1 }, { idempotent: true })).resolves.toEqual({
      opened: true,
    });
    expect(calls.map((c) => c.url)).toEqual(['/api/case/openCase', '/api/key/clientSeed', '/api/case/openCase']);
    expect(bodyOf(calls[1]).clientSeed).toMatch(/^[0-9a-f]{32}$/);
    expect(error).not.toHaveBeenCalled();
  });

  it('asks only once: a second refusal is the caller’s, with its toast', async () => {
    const error = vi.spyOn(toast, 'error');
    const calls = fakeFetch((call) =>
      call.url === '/api/key/clientSeed' ? envelope(0, '', null) : envelope(MISSING.status, MISSING.zh, null),
    );
    await expect(apiPost('/api/upgrade/startUpgrade', { probability: 5000 })).rejects.toMatchObject({
      kind: 'envelope',
      status: MISSING.status,
    });
    expect(calls).toHaveLength(3);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
