/**
 * Why a call failed. `envelope`: the server answered status ≠ 0 (its msg was toasted unless the caller
 * opted out). `unauthorized`: 401, the login flow has started. `network`, `timeout` and `aborted` are
 * swallowed without a message (spec §8). `invalid`: data did not match the contract schema (a bug).
 */
export type ApiErrorKind = 'envelope' | 'unauthorized' | 'network' | 'timeout' | 'aborted' | 'invalid';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number | null = null,
    message = '',
    options?: { cause?: unknown },
  ) {
    super(message || kind, options);
    this.name = 'ApiError';
  }

  /** Worth retrying: the request may never have reached the server. */
  get transient(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
