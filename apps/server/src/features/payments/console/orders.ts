import { and, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/client.js';
import { depositOrders, paymentChannels } from '../tables.js';
import { pageOrdersWhere, type DepositOrder } from '../repo.js';

/** The operator console's view of deposit orders (issue 16 screen 7); read-only but for the review mark. */
export interface DepositOrderQuery {
  /** An order number (whole) or a player id. */
  q?: string | undefined;
  state: number;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  markedOnly: boolean;
  page: number;
  pageSize: number;
}

export interface DepositOrderWithChannel {
  order: DepositOrder;
  channelName: string;
}

function filters(q: DepositOrderQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.q) {
    const asId = /^\d{1,15}$/.test(q.q) ? Number(q.q) : null;
    where.push(asId === null ? eq(depositOrders.orderNo, q.q) : or(eq(depositOrders.orderNo, q.q), eq(depositOrders.userId, asId)));
  }
  if (q.state >= 0) where.push(eq(depositOrders.state, q.state));
  if (q.from) where.push(gte(depositOrders.createdAt, q.from));
  if (q.to) where.push(lt(depositOrders.createdAt, q.to));
  if (q.markedOnly) where.push(isNotNull(depositOrders.reviewAt));
  return where.length ? and(...where) : undefined;
}

export async function pageDepositOrders(ex: Executor, q: DepositOrderQuery) {
  const { rows, totalRows } = await pageOrdersWhere(ex, filters(q), q.page, q.pageSize);
  return { rows: rows as DepositOrderWithChannel[], totalRows };
}

export async function findOrderWithChannel(ex: Executor, orderNo: string): Promise<DepositOrderWithChannel | null> {
  const [row] = await ex
    .select({ order: depositOrders, channelName: paymentChannels.name })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(eq(depositOrders.orderNo, orderNo));
  return row ?? null;
}

/** Sets the review mark once: null when the order is missing or already marked (the caller tells which). */
export async function markOrderForReview(
  ex: Executor,
  orderNo: string,
  mark: { operatorId: number | null; reason: string },
): Promise<DepositOrder | null> {
  const [row] = await ex
    .update(depositOrders)
    .set({ reviewAt: sql`now()`, reviewOperatorId: mark.operatorId, reviewReason: mark.reason })
    .where(and(eq(depositOrders.orderNo, orderNo), isNull(depositOrders.reviewAt)))
    .returning();
  return row ?? null;
}
