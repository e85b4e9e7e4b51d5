import { and, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db/client.js';
import { rewardVouchers } from '../tables.js';
import { selectPage } from '../../../platform/db/paging.js';

/**
 * What the operator console (issue 16 screen 8) reads and changes of coupons and red packets. They are
 * issued per player; there is no table of coupon types to switch off, so an operator revokes one issued,
 * unused voucher: state 2, expiring now (the player sees it as expired; nothing is deleted).
 */
export type VoucherRow = typeof rewardVouchers.$inferSelect;

export interface VoucherListQuery {
  voucherType: number;
  userId?: number | undefined;
  /** -1 all, 0 usable, 1 used, 2 expired. */
  state: number;
  couponType: number;
  source: string;
  page: number;
  pageSize: number;
}

const stateWhere = (state: number): SQL | undefined =>
  state === 0
    ? and(eq(rewardVouchers.state, 0), gt(rewardVouchers.expiresAt, sql`now()`))
    : state === 1
      ? eq(rewardVouchers.state, 1)
      : state === 2
        ? or(eq(rewardVouchers.state, 2), and(eq(rewardVouchers.state, 0), lte(rewardVouchers.expiresAt, sql`now()`)))
        : undefined;

export async function pageIssuedVouchers(ex: Executor, q: VoucherListQuery) {
  const where = and(
    eq(rewardVouchers.voucherType, q.voucherType),
    q.userId !== undefined ? eq(rewardVouchers.userId, q.userId) : undefined,
    stateWhere(q.state),
    q.couponType >= 0 ? eq(rewardVouchers.couponType, q.couponType) : undefined,
    q.source !== 'all' ? eq(rewardVouchers.source, q.source) : undefined,
  );
  const query = ex.select().from(rewardVouchers).where(where).orderBy(desc(rewardVouchers.id));
  return selectPage(ex, { query, from: rewardVouchers, where }, q.page, q.pageSize);
}

/** Inserts one voucher an operator issued and returns it (no grant key: an operator may issue several). */
export async function insertIssuedVoucher(
  tx: Tx,
  values: Omit<typeof rewardVouchers.$inferInsert, 'source' | 'grantKey'>,
): Promise<VoucherRow> {
  const [row] = await tx
    .insert(rewardVouchers)
    .values({ ...values, source: 'operator', grantKey: null })
    .returning();
  return row!;
}

/** The voucher of this type, unused and unexpired, locked for a change; null otherwise. */
export async function lockUsableVoucher(tx: Tx, id: number, voucherType: number): Promise<VoucherRow | null> {
  const [row] = await tx
    .select()
    .from(rewardVouchers)
    .where(
      and(
        eq(rewardVouchers.id, id),
        eq(rewardVouchers.voucherType, voucherType),
        eq(rewardVouchers.state, 0),
        gt(rewardVouchers.expiresAt, sql`now()`),
      ),
    )
    .for('update');
  return row ?? null;
}

/**
 * Revokes a usable voucher (the caller holds its row lock): state 2, expiring now. Opening or spending one
 * takes it only `WHERE state = 0`, re-checked after any wait for this row, so a revoke and a concurrent
 * use never both succeed (the state decides, not the clock: transactions see different `now()`s).
 */
export async function revokeVoucherRow(tx: Tx, id: number): Promise<VoucherRow> {
  const [row] = await tx
    .update(rewardVouchers)
    .set({ state: 2, expiresAt: sql`now()` })
    .where(and(eq(rewardVouchers.id, id), eq(rewardVouchers.state, 0)))
    .returning();
  return row!;
}
