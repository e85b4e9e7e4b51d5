import { describe, expect, it } from 'vitest';
import { isConnectionError, isDatabaseBusy } from './pg-errors.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it('takes a database that is gone, starting, stopping or out of connection slots for "busy, retry"', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '08006', '08001', '57P01', '57P02', '57P03', '53300'])
      expect({ code, busy: isConnectionError(pgError(code)) }).toEqual({ code, busy: true });
    // Drizzle wraps the driver's error: the code sits on the cause.
    expect(isConnectionError(new Error('Failed query', { cause: pgError('53300', 'sorry, too many clients already') }))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('takes what a database failover throws at in-flight requests for "busy, retry" (issue 26 §2)', () => {
    // The primary's postmaster killed: its backends end with 57P01, the socket with ECONNRESET or pg's own
    // message; a write that reaches the old primary while Patroni demotes it: 25006 read_only_sql_transaction.
    const failover = [
      pgError('57P01', 'terminating connection due to unexpected postmaster exit'),
      pgError('ECONNRESET', 'read ECONNRESET'),
      pgError('08006', 'connection failure'),
      new Error('Connection terminated unexpectedly'),
      new Error('Failed query: insert into "rolls"', { cause: pgError('25006', 'cannot execute INSERT in a read-only transaction') }),
    ];
    for (const err of failover) expect({ err: err.message, busy: isConnectionError(err) }).toEqual({ err: err.message, busy: true });
  });

  it('leaves errors of the query itself alone', () => {
    for (const code of ['23505', '22003', '42P01', '40001'])
      expect({ code, busy: isConnectionError(pgError(code)) }).toEqual({ code, busy: false });
    expect(isConnectionError(new Error('boom'))).toBe(false);
  });
});

describe('isDatabaseBusy', () => {
  it('takes the connection guards firing for "busy, retry": statement and lock timeouts, an idle transaction ended', () => {
    for (const code of ['57014', '55P03', '25P03']) expect({ code, busy: isDatabaseBusy(pgError(code)) }).toEqual({ code, busy: true });
    expect(isDatabaseBusy(new Error('Failed query', { cause: pgError('55P03', 'canceling statement due to lock timeout') }))).toBe(true);
    for (const code of ['23505', '40001', '08006']) expect({ code, busy: isDatabaseBusy(pgError(code)) }).toEqual({ code, busy: false });
  });
});
