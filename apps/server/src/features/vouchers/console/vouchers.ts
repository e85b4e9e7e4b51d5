import type { z } from 'zod';
import {
  formatFen,
  toPage,
  issueCouponParams,
  issueRedPacketParams,
  type AdminVoucher,
  type adminVoucherListParams,
  type ApprovalPending,
  type Page,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import type { Tx } from '../../../platform/db/client.js';
import type { TxScope } from '../../../platform/db/tx.js';
import { toIso } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { assertBonusAllowed } from '../../protection/index.js';
import { AppError } from '../../../platform/errors.js';
import { sendMessage } from '../../messages/index.js';
import { findUser } from '../../users/index.js';
import { stateOf } from '../service.js';
import { revokeVoucherRow, insertIssuedVoucher, lockUsableVoucher, pageIssuedVouchers, type VoucherRow } from './repo.js';
import { approvalNote, audited, runLimited, type Actor, type LimitActor, type LimitCtx, type LimitedAction } from '../../admin/index.js';

/**
 * Coupons (voucherType 1) and red packets (voucherType 0) on screen 8. Both are issued per player; the
 * model has no coupon types to switch off, so the console issues one to a player and revokes an issued,
 * unused one. Issuing moves no money: a red packet's coins are credited through the ledger (from
 * `promotions`) only when the player opens it, a coupon's discount only when it is spent.
 */
type Ctx = Pick<AppContext, 'db'>;
const DAY_MS = 24 * 3_600_000;
const COUPON_KINDS = ['商城', '开箱', '充值'] as const;

/** The terms a voucher was issued with, as the console lists them and its audit rows keep them. */
const terms = (row: VoucherRow) => ({
  userId: row.userId,
  voucherType: row.voucherType,
  couponType: row.couponType,
  name: row.name,
  rewardFen: row.rewardFen,
  discountBp: row.discountBp,
  minSpendFen: row.minSpendFen,
  maxDiscountFen: row.maxDiscountFen,
});

const toAdminVoucher = (row: VoucherRow): AdminVoucher => ({
  id: row.id,
  ...terms(row),
  // As the player sees it.
  state: stateOf(row),
  source: row.source,
  expiresAt: toIso(row.expiresAt),
  usedAt: row.usedAt ? toIso(row.usedAt) : null,
  createdAt: toIso(row.createdAt),
});

const snapshot = (row: VoucherRow) => ({ ...terms(row), state: row.state, expiresAt: toIso(row.expiresAt) });

export async function listVouchers(ctx: Ctx, q: z.output<typeof adminVoucherListParams>): Promise<Page<AdminVoucher>> {
  const { rows, totalRows } = await pageIssuedVouchers(ctx.db, q);
  return toPage(rows.map(toAdminVoucher), q.page, q.pageSize, totalRows);
}

type RedPacketParams = z.output<typeof issueRedPacketParams>;
type CouponParams = z.output<typeof issueCouponParams>;
type IssuedFields = Omit<Parameters<typeof insertIssuedVoucher>[1], 'userId' | 'name' | 'expiresAt'>;

/**
 * What issuing a red packet and a coupon share: the player must exist and may receive marketing, the row,
 * the player's message and the audit row, in the limited action's transaction.
 */
async function issueVoucher(
  tx: Tx,
  actor: LimitActor,
  p: { userId: number; name: string; days: number; reason: string },
  action: 'redPacket.issue' | 'coupon.issue',
  fields: IssuedFields,
  message: { title: string; content: string },
): Promise<VoucherRow> {
  const user = await findUser(tx, p.userId);
  if (!user) throw new AppError('ADMIN_PLAYER_NOT_FOUND', `user ${p.userId}`);
  // No red packets or coupons (marketing) to a player on a cool-off or self-exclusion (decision 0042).
  await assertBonusAllowed(tx, p.userId);
  const row = await insertIssuedVoucher(tx, {
    userId: p.userId,
    name: p.name,
    ...fields,
    expiresAt: new Date(Date.now() + p.days * DAY_MS),
  });
  await sendMessage(tx, p.userId, { type: 'reward', ...message });
  await audited(tx, actor, action, { type: 'voucher', id: row.id }, null, { ...snapshot(row), reason: p.reason, ...approvalNote(actor) });
  return row;
}

/** Value (decision 0048): the red packet's coins (one packet per call). */
export const redPacketAction: LimitedAction<RedPacketParams, AdminVoucher> = {
  kind: 'redPacket',
  permission: 'promotions.write',
  params: issueRedPacketParams,
  async perform(_ctx, { tx }: TxScope, actor: LimitActor, p) {
    const row = await issueVoucher(
      tx,
      actor,
      p,
      'redPacket.issue',
      { voucherType: 0, rewardFen: p.rewardFen },
      {
        title: '您收到一个红包',
        content: `您收到红包「${p.name}」（${formatFen(p.rewardFen)} 金币），请在 ${p.days} 天内到福利中心领取。`,
      },
    );
    return { result: toAdminVoucher(row), valueFen: row.rewardFen, targetId: row.id };
  },
};

/** Value (decision 0048): the most the coupon can take off, its cap (a coupon is used once). */
export const couponAction: LimitedAction<CouponParams, AdminVoucher> = {
  kind: 'coupon',
  permission: 'promotions.write',
  params: issueCouponParams,
  async perform(_ctx, { tx }: TxScope, actor: LimitActor, p) {
    const fields = {
      voucherType: 1,
      couponType: p.couponType,
      discountBp: p.discountBp,
      minSpendFen: p.minSpendFen,
      maxDiscountFen: p.maxDiscountFen,
    };
    const row = await issueVoucher(tx, actor, p, 'coupon.issue', fields, {
      title: '您收到一张优惠券',
      content: `您收到${COUPON_KINDS[p.couponType]}优惠券「${p.name}」（最高优惠 ${formatFen(p.maxDiscountFen)}），${p.days} 天内有效。`,
    });
    return { result: toAdminVoucher(row), valueFen: p.maxDiscountFen, targetId: row.id };
  },
};

export const issueRedPacket = (ctx: LimitCtx, actor: Actor, p: RedPacketParams): Promise<AdminVoucher | ApprovalPending> =>
  runLimited(ctx, actor, redPacketAction, p);

export const issueCoupon = (ctx: LimitCtx, actor: Actor, p: CouponParams): Promise<AdminVoucher | ApprovalPending> =>
  runLimited(ctx, actor, couponAction, p);

/** Revokes an issued, unused voucher of the kind (state 2, expiring now): it can no longer be opened or spent. */
export async function revokeVoucher(ctx: Ctx, actor: Actor, voucherType: 0 | 1, p: { id: number; reason: string }): Promise<AdminVoucher> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const before = await lockUsableVoucher(tx, p.id, voucherType);
    if (!before) throw new AppError('ADMIN_VOUCHER_NOT_FOUND', `voucher ${p.id}`);
    const after = await revokeVoucherRow(tx, p.id);
    await audited(tx, actor, voucherType === 0 ? 'redPacket.revoke' : 'coupon.revoke', { type: 'voucher', id: p.id }, snapshot(before), {
      ...snapshot(after),
      reason: p.reason,
    });
    return toAdminVoucher(after);
  });
}
