import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { selectPage } from '../../platform/db/paging.js';
import { currencyRates, depositOrders, paymentChannels } from './tables.js';

export type DepositOrder = typeof depositOrders.$inferSelect;
export type PaymentChannel = typeof paymentChannels.$inferSelect;

export const listChannels = (ex: Executor) =>
  ex.select().from(paymentChannels).where(eq(paymentChannels.enabled, true)).orderBy(asc(paymentChannels.weight));
export const listCurrencies = (ex: Executor) => ex.select().from(currencyRates).where(eq(currencyRates.enabled, true));

export async function findChannel(ex: Executor, id: number): Promise<PaymentChannel | null> {
  const [row] = await ex.select().from(paymentChannels).where(eq(paymentChannels.id, id));
  return row ?? null;
}

export async function findCurrency(ex: Executor, code: string) {
  const [row] = await ex
    .select()
    .from(currencyRates)
    .where(and(eq(currencyRates.code, code), eq(currencyRates.enabled, true)));
  return row ?? null;
}

export async function insertOrder(ex: Executor, values: typeof depositOrders.$inferInsert): Promise<DepositOrder> {
  const [row] = await ex.insert(depositOrders).values(values).returning();
  return row!;
}

export async function findOrderByNo(ex: Executor, orderNo: string): Promise<DepositOrder | null> {
  const [row] = await ex.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo));
  return row ?? null;
}

/** pending → paid, once: a replayed or concurrent callback finds no pending row and changes nothing. */
export async function markPaid(ex: Executor, orderId: number, providerTxnId: string): Promise<DepositOrder | null> {
  const [row] = await ex
    .update(depositOrders)
    .set({ state: 1, providerTxnId, finishedAt: sql`now()` })
    .where(and(eq(depositOrders.id, orderId), eq(depositOrders.state, 0)))
    .returning();
  return row ?? null;
}

export async function markCancelled(ex: Executor, orderId: number): Promise<boolean> {
  const rows = await ex
    .update(depositOrders)
    .set({ state: 2, finishedAt: sql`now()` })
    .where(and(eq(depositOrders.id, orderId), eq(depositOrders.state, 0)))
    .returning({ id: depositOrders.id });
  return rows.length === 1;
}

/** Advisory-lock namespace of deposit settlement (any constant no other feature uses). */
const DEPOSIT_SETTLE_LOCK = 0x5f17_0017;

/** Until the transaction ends, no other settlement of this player's deposits runs (PostgreSQL advisory lock). */
export async function lockPlayerDeposits(ex: Executor, userId: number): Promise<void> {
  await ex.execute(sql`SELECT pg_advisory_xact_lock(${DEPOSIT_SETTLE_LOCK}::int, (${userId}::bigint % 2147483647)::int)`);
}

export async function hasPaidDeposit(ex: Executor, userId: number, exceptOrderId?: number): Promise<boolean> {
  const [row] = await ex
    .select({ n: count() })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.userId, userId),
        eq(depositOrders.state, 1),
        exceptOrderId ? sql`${depositOrders.id} <> ${exceptOrderId}` : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function pageOrders(ex: Executor, userId: number, page: number, pageSize: number) {
  return pageOrdersWhere(ex, eq(depositOrders.userId, userId), page, pageSize);
}

/** Deposit orders with their channel's name, newest first: a player's list and the console's. */
export async function pageOrdersWhere(ex: Executor, where: SQL | undefined, page: number, pageSize: number) {
  const query = ex
    .select({ order: depositOrders, channelName: paymentChannels.name })
    .from(depositOrders)
    .innerJoin(paymentChannels, eq(paymentChannels.id, depositOrders.channelId))
    .where(where)
    .orderBy(desc(depositOrders.id));
  return selectPage(ex, { query, from: depositOrders, where }, page, pageSize);
}

/** The sandbox pay channel (type 9) is open only while the server runs in sandbox mode (issue 9 §1). */
export async function setSandboxChannelsEnabled(ex: Executor, enabled: boolean): Promise<void> {
  await ex.update(paymentChannels).set({ enabled }).where(eq(paymentChannels.channelType, SANDBOX_CHANNEL_TYPE));
}

export const SANDBOX_CHANNEL_TYPE = 9;

export async function seedChannels(ex: Executor, secret: string) {
  await ex
    .insert(paymentChannels)
    .values([
      {
        id: 1,
        name: '沙盒支付（测试）',
        channelType: 9,
        currencies: ['CNY', 'USD'],
        minAmountFen: 100,
        maxAmountFen: 5_000_000,
        secret,
        weight: 0,
      },
    ])
    .onConflictDoNothing();
  await ex
    .insert(currencyRates)
    .values([
      { code: 'CNY', symbol: '¥', rateNum: 1, rateDen: 1 },
      { code: 'USD', symbol: '$', rateNum: 72, rateDen: 10 },
    ])
    .onConflictDoNothing();
}

export async function findOrderById(ex: Executor, id: number): Promise<DepositOrder | null> {
  const [row] = await ex.select().from(depositOrders).where(eq(depositOrders.id, id));
  return row ?? null;
}
