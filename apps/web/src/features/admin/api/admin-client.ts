import type { z } from 'zod';
import { errorStatus } from '@skinfair/contract';
import { currentLocale } from '../../../shared/i18n/locale-store';
import { isRetryableStatus, withSameKeyRetries } from '../../../shared/api/client';

/**
 * The console's own client: its token travels in the `admin-token` header (never the player's `token`),
 * and lives in sessionStorage, so closing the tab ends it on this machine as the server's idle timeout does.
 */
const TOKEN_KEY = 'skinfair_admin_token';

export const adminToken = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }

  /** The session is gone (logged out, idle, disabled): back to the login page. */
  get loggedOut(): boolean {
    return this.status === errorStatus('ADMIN_NOT_LOGGED_IN') || this.status === errorStatus('ADMIN_TOTP_REQUIRED');
  }
}

export type AdminParams = Record<string, string | number | boolean | undefined | null>;

function encode(params: AdminParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  return search;
}

export interface AdminRequestOptions {
  /**
   * For the console's money and state changes: one Idempotency-Key per call, and a lost or busy answer
   * is asked again with the same key, so a retry is answered once by the server (same as the player app).
   */
  idempotent?: boolean;
}

async function sendOnce(method: 'GET' | 'POST', path: string, params: AdminParams, idempotencyKey?: string) {
  const headers: Record<string, string> = { lang: currentLocale(), Accept: 'application/json' };
  const token = adminToken.get();
  if (token) headers['admin-token'] = token;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const query = method === 'GET' ? encode(params).toString() : '';
  let response: Response;
  try {
    response = await fetch(`${path}${query ? `?${query}` : ''}`, {
      method,
      headers: method === 'POST' ? { ...headers, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' } : headers,
      ...(method === 'POST' ? { body: encode(params).toString() } : {}),
    });
  } catch {
    throw new AdminApiError(-1, '网络错误');
  }
  const body = (await response.json().catch(() => null)) as {
    status?: unknown;
    msg?: unknown;
    data?: unknown;
  } | null;
  if (!body || typeof body.status !== 'number') throw new AdminApiError(-1, `HTTP ${response.status}`);
  return { status: body.status, msg: body.msg, data: body.data };
}

function sendWithRetries(method: 'GET' | 'POST', path: string, params: AdminParams, options: AdminRequestOptions) {
  if (!options.idempotent) return sendOnce(method, path, params);
  return withSameKeyRetries((key) => sendOnce(method, path, params, key), {
    busy: (answer) => isRetryableStatus(answer.status),
    // Status -1: no envelope came back (network, a proxy's error page); anything else is an answer.
    lost: (error) => error instanceof AdminApiError && error.status === -1,
  });
}

export async function adminRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  params: AdminParams,
  schema: z.ZodType<T>,
  options: AdminRequestOptions = {},
): Promise<T> {
  const body = await sendWithRetries(method, path, params, options);
  if (body.status !== 0) {
    const error = new AdminApiError(body.status, typeof body.msg === 'string' ? body.msg : '');
    if (error.loggedOut) adminToken.clear();
    throw error;
  }
  return schema.parse(body.data);
}
