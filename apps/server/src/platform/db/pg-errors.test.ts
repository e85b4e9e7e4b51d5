import { describe, expect, it } from 'vitest';
import { isConnectionError } from './pg-errors.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it('takes a database that is gone, starting, stopping or out of connection slots for "busy, retry"', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '08006', '08001', '57P01', '57P02', '57P03', '53300'])
      expect({ code, busy: isConnectionError(pgError(code)) }).toEqual({ code, busy: true });
    // Drizzle wraps the driver's error: the code sits on the cause.
    expect(isConnectionError(new Error('Failed query', { cause: pgError('53300', 'sorry, too many clients already') }))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves errors of the query itself alone', () => {
    for (const code of ['23505', '22003', '42P01', '40001'])
      expect({ code, busy: isConnectionError(pgError(code)) }).toEqual({ code, busy: false });
    expect(isConnectionError(new Error('boom'))).toBe(false);
  });
});
