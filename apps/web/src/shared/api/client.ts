import { toast } from '../ui/toast';
import { withHelpLink } from '../ui/help-link';
import type { z } from 'zod';
import { errorCatalogue, limits } from '@skinfair/contract';
import { prefixImages } from '../format/image-url';
import { currentLocale } from '../i18n/locale-store';
import { getToken } from '../storage/token';
import { getDeviceId } from '../storage/device-id';
import { ApiError, isApiError } from './api-error';
import { startLoginFlow } from './login-flow';
import { newClientSeed } from './client-seed';

/** Same origin: the API base is '' (design: the server serves the web build). */
export const API_BASE = '';

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  /** Validate `data` with the contract schema. */
  schema?: z.ZodType<T>;
  /** Spec §8: callers may skip the default handler (the error toast). */
  skipErrorToast?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * For money-moving POSTs (apiPost only): one Idempotency-Key per call, and a lost or busy answer is
   * asked again with the same key, so a retry can never spend twice (the server answers it once).
   */
  idempotent?: boolean;
}

interface RawEnvelope {
  status: number;
  msg: string;
  data: unknown;
}

export function encodeParams(params: Params = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  return search;
}

/** Spec §7: token and lang on every call; POSTs are form-encoded and carry the page address. */
function buildHeaders(method: 'GET' | 'POST', multipart = false, idempotencyKey?: string): Record<string, string> {
  const headers: Record<string, string> = { lang: currentLocale(), Accept: 'application/json', 'device-id': getDeviceId() };
  const token = getToken();
  if (token) headers.token = token;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (method === 'POST') {
    // A multipart body sets its own Content-Type with the boundary.
    if (!multipart) headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    headers['X-Referer'] = window.location.href;
  }
  return headers;
}

function asEnvelope(body: unknown): RawEnvelope | null {
  if (!body || typeof body !== 'object') return null;
  const { status, msg } = body as Partial<RawEnvelope>;
  if (typeof status !== 'number') return null;
  return { status, msg: typeof msg === 'string' ? msg : '', data: (body as RawEnvelope).data ?? null };
}

/** Fetch and read the body under one 15 s timer (spec §7, §9); failures become silent ApiErrors. */
async function send(
  method: 'GET' | 'POST',
  path: string,
  params: Params | FormData | undefined,
  opts: RequestOptions<unknown>,
  idempotencyKey?: string,
): Promise<{ httpStatus: number; body: unknown }> {
  const form = params instanceof FormData ? params : null;
  const fields = params instanceof FormData ? undefined : params;
  const multipart = form !== null;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? limits.requestTimeoutMs);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort);
  if (opts.signal?.aborted) controller.abort();

  const query = method === 'GET' ? encodeParams(fields).toString() : '';
  const url = `${API_BASE}${path}${query ? `?${query}` : ''}`;
  let requestBody: string | FormData | null = null;
  if (form) requestBody = form;
  else if (method === 'POST') requestBody = encodeParams(fields).toString();
  try {
    const response = await fetch(url, {
      method,
      headers: buildHeaders(method, multipart, idempotencyKey),
      body: requestBody,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const body: unknown = await response.json().catch(() => null);
    return { httpStatus: response.status, body };
  } catch (cause) {
    if (timedOut) throw new ApiError('timeout', null, '', { cause });
    if (opts.signal?.aborted) throw new ApiError('aborted', null, '', { cause });
    throw new ApiError('network', null, '', { cause });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function unwrap<T>(httpStatus: number, body: unknown, opts: RequestOptions<T>): T {
  const envelope = asEnvelope(body);
  if (httpStatus === 401 || envelope?.status === 401) {
    startLoginFlow();
    throw new ApiError('unauthorized', 401, envelope?.msg ?? '');
  }
  // A body that is not an envelope (proxy error page, server restarting) counts as a network error.
  if (!envelope) throw new ApiError('network', httpStatus, `HTTP ${httpStatus}`);
  if (envelope.status !== 0) {
    if (envelope.msg && !opts.skipErrorToast) toast.error(withHelpLink(envelope.msg), { id: `api:${envelope.msg}` });
    throw new ApiError('envelope', envelope.status, envelope.msg);
  }
  const data = prefixImages(envelope.data);
  if (!opts.schema) return data as T;
  const parsed = opts.schema.safeParse(data);
  if (!parsed.success) {
    console.error('[api] response does not match the contract', parsed.error.issues);
    throw new ApiError('invalid', 0, 'invalid response', { cause: parsed.error });
  }
  return parsed.data;
}

export async function apiGet<T = unknown>(path: string, params?: Params, opts: RequestOptions<T> = {}): Promise<T> {
  const { httpStatus, body } = await send('GET', path, params, opts as RequestOptions<unknown>);
  return unwrap(httpStatus, body, opts);
}

/** The waits before the second and third attempts of an idempotent POST. */
export const IDEMPOTENT_RETRY_DELAYS_MS = [1_000, 2_000] as const;

/** The server lost its database or sheds load; this key's first attempt is still running. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([errorCatalogue.DB_UNAVAILABLE.status, errorCatalogue.DUPLICATE_REQUEST.status]);

/** An answer worth asking again with the same Idempotency-Key (the console's client shares the rule). */
export const isRetryableStatus = (status: number | undefined): boolean => status !== undefined && RETRYABLE_STATUSES.has(status);

function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts; getRandomValues works on plain http too.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError('aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` under one Idempotency-Key and, while its answer is busy or lost, asks again with the same
 * key (after 1 s, then 2 s): if an earlier attempt did reach the server, it answers that result instead of
 * spending again. The last attempt's answer or error is the caller's. The player app and the console share it.
 */
export async function withSameKeyRetries<A>(
  attempt: (key: string) => Promise<A>,
  rules: { busy: (answer: A) => boolean; lost: (error: unknown) => boolean; signal?: AbortSignal },
): Promise<A> {
  const key = newIdempotencyKey();
  for (let n = 0; ; n++) {
    const canRetry = n < IDEMPOTENT_RETRY_DELAYS_MS.length;
    try {
      const answer = await attempt(key);
      if (!canRetry || !rules.busy(answer)) return answer;
    } catch (error) {
      if (!canRetry || !rules.lost(error)) throw error;
    }
    await wait(IDEMPOTENT_RETRY_DELAYS_MS[n] ?? 0, rules.signal);
  }
}

export async function apiPost<T = unknown>(path: string, params?: Params, opts: RequestOptions<T> = {}): Promise<T> {
  const first = await postOnce(path, params, opts as RequestOptions<unknown>);
  if (asEnvelope(first.body)?.status !== CLIENT_SEED_MISSING || path === CLIENT_SEED_PATH) {
    return unwrap(first.httpStatus, first.body, opts);
  }
  // Issue 24 §13: an account that has not given a client seed yet (a session from before, a Steam
  // sign-up) is refused its roll before anything is spent; the browser gives its own seed and asks once more.
  await send('POST', CLIENT_SEED_PATH, { clientSeed: newClientSeed() }, { signal: opts.signal });
  const again = await postOnce(path, params, opts as RequestOptions<unknown>);
  return unwrap(again.httpStatus, again.body, opts);
}

/** POST /api/key/clientSeed: fills a missing client seed; "already set" (another tab was first) is fine too. */
export const CLIENT_SEED_PATH = '/api/key/clientSeed';
const CLIENT_SEED_MISSING = errorCatalogue.CLIENT_SEED_MISSING.status;

/** One POST; a money-moving one under one Idempotency-Key, asked again while busy or lost. */
function postOnce(path: string, params: Params | undefined, opts: RequestOptions<unknown>) {
  if (!opts.idempotent) return send('POST', path, params, opts);
  return withSameKeyRetries((key) => send('POST', path, params, opts, key), {
    // A busy answer is retried before unwrap so the player sees no toast for it unless it is the last.
    busy: (answer) => isRetryableStatus(asEnvelope(answer.body)?.status),
    // Only a lost answer (network, timeout, a non-envelope page) is worth asking again; not a caller abort.
    lost: (error) => isApiError(error) && error.transient,
    signal: opts.signal,
  });
}

/** A multipart POST (file uploads: uploadAvatar). Same headers, timeout and envelope handling. */
export async function apiUpload<T = unknown>(path: string, form: FormData, opts: RequestOptions<T> = {}): Promise<T> {
  const { httpStatus, body } = await send('POST', path, form, opts as RequestOptions<unknown>);
  return unwrap(httpStatus, body, opts);
}
