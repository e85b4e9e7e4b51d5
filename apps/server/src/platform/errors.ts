import type { ErrorCode } from '@skinfair/contract';

/**
 * A refusal the user should see. The catalogue (packages/contract) gives its status and Chinese text;
 * `detail` is for the log only and never reaches the client.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    /** A message with values (a limit and when it resets, issue 18) that replaces the catalogue's text. */
    readonly messages?: { zh: string; en: string },
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'AppError';
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;
