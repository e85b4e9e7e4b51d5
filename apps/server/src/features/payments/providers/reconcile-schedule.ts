import type { Tx } from '../../../platform/db/client.js';
import { enqueueJob } from '../../../platform/jobs/index.js';
import type { DepositOrder } from '../repo.js';

// Scheduling a check is its own leaf: the deposit service schedules the first one when it creates an order,
// and the check itself (reconcile.ts) settles through the deposit service, so one file for both was a circle.
export const DEPOSIT_RECONCILE_JOB = 'deposit.reconcile';
/** The last look happens this long before the order expires (the provider stopped taking payment a minute before). */
const LAST_CHECK_BEFORE_EXPIRY_MS = 30_000;

/**
 * Check number `attempt` of a pending order at its provider: every `afterMinutes` from its creation, the
 * last one just before it expires. One durable job per check (a dedupe key each), so a restart neither
 * loses nor doubles one.
 */
export async function scheduleReconcile(
  tx: Tx,
  order: Pick<DepositOrder, 'id' | 'createdAt' | 'expiresAt'>,
  afterMinutes: number,
  attempt: number,
): Promise<void> {
  const last = order.expiresAt.getTime() - LAST_CHECK_BEFORE_EXPIRY_MS;
  const at = order.createdAt.getTime() + attempt * afterMinutes * 60_000;
  if (at - afterMinutes * 60_000 >= last) return; // the previous check was the last one
  await enqueueJob(tx, {
    kind: DEPOSIT_RECONCILE_JOB,
    payload: { orderId: order.id, attempt },
    runAt: new Date(Math.min(at, last)),
    dedupeKey: `deposit-reconcile:${order.id}:${attempt}`,
  });
}
