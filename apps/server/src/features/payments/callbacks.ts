import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { depositCallbacks } from './tables.js';

export type DepositCallbackRow = typeof depositCallbacks.$inferSelect;

/** The order number a raw body names, if it parses that far; the stored row keeps the body whatever it holds. */
function orderNoOf(raw: string): string | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    const orderId = parsed && typeof parsed === 'object' ? (parsed as { orderId?: unknown }).orderId : undefined;
    return typeof orderId === 'string' && orderId.length <= 64 ? orderId : null;
  } catch {
    return null;
  }
}

/** PostgreSQL text cannot hold U+0000; the gateway's JSON never needs it, so it is kept escaped. */
const storable = (s: string) => s.split('\u0000').join('\\u0000');

/** Keeps one signed callback as received, with the webhook's answer (`outcome`). */
export async function recordCallback(
  ex: Executor,
  input: { channelId: number; rawBody: string; timestamp: string | null; outcome: string; orderNo?: string | null },
): Promise<void> {
  await ex.insert(depositCallbacks).values({
    channelId: input.channelId,
    // A provider's notice names the order in its own field (or encrypted): the adapter read it.
    orderNo: input.orderNo ?? orderNoOf(input.rawBody),
    rawBody: storable(input.rawBody),
    timestampHeader: input.timestamp === null ? null : storable(input.timestamp).slice(0, 64),
    outcome: input.outcome,
  });
}

export const listOrderCallbacks = (ex: Executor, orderNo: string): Promise<DepositCallbackRow[]> =>
  ex.select().from(depositCallbacks).where(eq(depositCallbacks.orderNo, orderNo)).orderBy(asc(depositCallbacks.id));
