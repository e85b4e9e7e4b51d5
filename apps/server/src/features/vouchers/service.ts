import { and, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { toPage, type Voucher } from '@skinfair/contract';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { assertBonusAllowed } from '../protection/index.js';
import { AppError } from '../../platform/errors.js';
import { credit, getBalances } from '../../platform/ledger/index.js';
import { requireActiveUser } from '../users/index.js';
import { claimBonus } from '../bonus-claims/index.js';
import { rewardVouchers } from './tables.js';
import { selectPage } from '../../platform/db/paging.js';

type Row = typeof rewardVouchers.$inferSelect;

/** As the player sees it: 0 usable, 1 used, 2 expired (a voucher an operator revoked, state 2, is expired). */
export const stateOf = (row: Row) => (row.state === 1 ? 1 : row.state === 2 || row.expiresAt.getTime() <= Date.now() ? 2 : 0);

function toVoucher(row: Row): Voucher {
  return {
    id: row.id,
    rewardVoucherType: row.voucherType,
    couponType: row.couponType,
    voucherName: row.name,
    amount: row.rewardFen,
    discountBp: row.discountBp,
    minSpend: row.minSpendFen,
    maxDiscount: row.maxDiscountFen,
    state: stateOf(row),
    expireTime: toIso(row.expiresAt),
    createTime: toIso(row.createdAt),
  };
}

/** Grants a voucher; with a grant key, at most once per user and key. */
export async function grantVoucher(ex: Executor, values: typeof rewardVouchers.$inferInsert): Promise<boolean> {
  const rows = await ex.insert(rewardVouchers).values(values).onConflictDoNothing().returning({ id: rewardVouchers.id });
  return rows.length === 1;
}

/** The new-player red packet every sign-up gets (docs/decisions/0012). */
export const grantWelcomeRedPacket = (ex: Executor, userId: number) =>
  grantVoucher(ex, {
    userId,
    voucherType: 0,
    name: '新人红包',
    rewardFen: 188,
    source: 'welcome',
    grantKey: 'welcome',
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
  });

const statFilter = (stat: number): SQL | undefined =>
  stat === 0
    ? and(eq(rewardVouchers.state, 0), gt(rewardVouchers.expiresAt, sql`now()`))
    : stat === 1
      ? eq(rewardVouchers.state, 1)
      : stat === 2
        ? or(eq(rewardVouchers.state, 2), and(eq(rewardVouchers.state, 0), lte(rewardVouchers.expiresAt, sql`now()`)))
        : undefined;

async function pageWhere(ex: Executor, where: SQL | undefined, page: number, pageSize: number) {
  const query = ex.select().from(rewardVouchers).where(where).orderBy(desc(rewardVouchers.id));
  const { rows, totalRows } = await selectPage(ex, { query, from: rewardVouchers, where }, page, pageSize);
  return toPage(rows.map(toVoucher), page, pageSize, totalRows);
}

/** getMyVoucherPage: every voucher and coupon, with the count and value of the usable ones (extData). */
export async function voucherPage(ex: Executor, userId: number, stat: number, page: number, pageSize: number) {
  const pageData = await pageWhere(ex, and(eq(rewardVouchers.userId, userId), statFilter(stat)), page, pageSize);
  const [usable] = await ex
    .select({ n: count(), total: sql<string>`coalesce(sum(${rewardVouchers.rewardFen}), 0)` })
    .from(rewardVouchers)
    .where(and(eq(rewardVouchers.userId, userId), statFilter(0)));
  return { ...pageData, extData: { totalCount: usable?.n ?? 0, totalPrice: Number(usable?.total ?? 0) } };
}

export const rewardPage = (ex: Executor, userId: number, stat: number, page: number, pageSize: number) =>
  pageWhere(ex, and(eq(rewardVouchers.userId, userId), eq(rewardVouchers.voucherType, 0), statFilter(stat)), page, pageSize);

const couponWhere = (userId: number, couponType: number) =>
  and(
    eq(rewardVouchers.userId, userId),
    eq(rewardVouchers.voucherType, 1),
    couponType >= 0 ? eq(rewardVouchers.couponType, couponType) : undefined,
  );

export const couponPage = (ex: Executor, userId: number, couponType: number, stat: number, page: number, pageSize: number) =>
  pageWhere(ex, and(couponWhere(userId, couponType), statFilter(stat)), page, pageSize);

/** getMyCoupons: the usable coupons of a type (for a checkout to offer). */
export async function usableCoupons(ex: Executor, userId: number, couponType: number) {
  const rows = await ex
    .select()
    .from(rewardVouchers)
    .where(and(couponWhere(userId, couponType), statFilter(0)))
    .orderBy(desc(rewardVouchers.id))
    .limit(100);
  return rows.map(toVoucher);
}

/**
 * useRewardVoucher: red packets into coins, all or nothing, each voucher once (a conditional update on
 * owner, type, state and expiry), through the ledger. The welcome red packet opens once per device and
 * once per real-name identity (docs/decisions/0016), whichever phone number the account has.
 */
export async function useRewardVouchers(db: Db, userId: number, ids: number[], deviceId: string | null = null) {
  const unique = [...new Set(ids)];
  return runInTransaction(db, async ({ tx }) => {
    await requireActiveUser(tx, userId);
    // Red packets and vouchers are not opened during a cool-off or self-exclusion (decision 0042).
    await assertBonusAllowed(tx, userId);
    const used = await tx
      .update(rewardVouchers)
      .set({ state: 1, usedAt: sql`now()` })
      .where(
        and(
          inArray(rewardVouchers.id, unique),
          eq(rewardVouchers.userId, userId),
          eq(rewardVouchers.voucherType, 0),
          eq(rewardVouchers.state, 0),
          gt(rewardVouchers.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (used.length !== unique.length) throw new AppError('VOUCHER_UNAVAILABLE', `${used.length}/${unique.length}`);
    if (used.some((v) => v.source === 'welcome')) await claimBonus(tx, { kind: 'welcome', userId, deviceId });
    const amountFen = used.reduce((s, v) => s + v.rewardFen, 0);
    await credit(tx, {
      userId,
      kind: 'coin',
      amountFen,
      from: 'promotions',
      code: 'red_packet',
      refType: 'voucher',
      refId: used.map((v) => v.id).join(','),
    });
    return { quantity: used.length, amount: amountFen, balance: (await getBalances(tx, userId)).coinFen };
  });
}

/**
 * Spends a coupon inside the buying transaction and returns the discount in fen: only the owner's unused,
 * unexpired coupon of the right type, once, and only when the total reaches its minimum spend; at most
 * its cap when it has one.
 */
export async function applyCoupon(tx: Tx, userId: number, couponId: number, couponType: 0 | 1 | 2, totalFen: number): Promise<number> {
  const [coupon] = await tx
    .update(rewardVouchers)
    .set({ state: 1, usedAt: sql`now()` })
    .where(
      and(
        eq(rewardVouchers.id, couponId),
        eq(rewardVouchers.userId, userId),
        eq(rewardVouchers.voucherType, 1),
        eq(rewardVouchers.couponType, couponType),
        eq(rewardVouchers.state, 0),
        gt(rewardVouchers.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!coupon) throw new AppError('COUPON_UNAVAILABLE', `coupon ${couponId}`);
  if (totalFen < coupon.minSpendFen) throw new AppError('COUPON_MIN_SPEND');
  const discountFen = Math.floor((totalFen * coupon.discountBp) / 10_000);
  // A capped coupon (issue 24 §11) never takes off more than its cap, whatever the total.
  return coupon.maxDiscountFen === null ? discountFen : Math.min(discountFen, coupon.maxDiscountFen);
}

/** Gives a reserved coupon back (its order was cancelled or expired), unless it has expired meanwhile. */
export async function releaseCoupon(ex: Executor, userId: number, couponId: number): Promise<void> {
  await ex
    .update(rewardVouchers)
    .set({ state: 0, usedAt: null })
    .where(and(eq(rewardVouchers.id, couponId), eq(rewardVouchers.userId, userId), eq(rewardVouchers.state, 1)));
}
