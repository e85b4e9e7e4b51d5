/** Drizzle may wrap driver errors; the PostgreSQL SQLSTATE sits on the error or on a cause. */
export function pgErrorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgConstraint(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
/**
 * The server stopping (57P01 admin shutdown, 57P02 crash shutdown), starting (57P03) or out of connection
 * slots (53300, every node's pool and the operator's tools share max_connections), or a failover caught
 * half-way (25006: a write reached a primary being demoted to a standby, before HAProxy cut its sessions):
 * nothing is wrong with the query, so the player is told to retry, not that something broke.
 */
const SERVER_GONE_OR_FULL = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** True when the database is unreachable rather than the query being wrong (security.md "Faults"). */
export function isConnectionError(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_CODES.has(code) || code.startsWith('08') || SERVER_GONE_OR_FULL.has(code)) return true;
    }
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable/i.test(
        message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The connection guards firing (decisions/0059): a statement over statement_timeout or cancelled (57014),
 * a lock not granted within lock_timeout (55P03), a transaction ended for idling (25P03). The query was
 * fine; the database was busy with someone else's work, so the player is told to retry. The transaction
 * rolled back, so a retry with the same Idempotency-Key runs it afresh.
 */
const GUARD_CODES = new Set(['57014', '55P03', '25P03']);

export function isDatabaseBusy(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code !== undefined && GUARD_CODES.has(code);
}
