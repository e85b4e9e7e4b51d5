import { randomBytes } from 'node:crypto';
import { errorMessage, formatFen, toPage, type PaymentState } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { credit } from '../../platform/ledger/index.js';
import { assertCanSpend } from '../users/index.js';
import { assertMayDeposit } from '../protection/index.js';
import { loadSiteSettings } from '../common/index.js';
import { sendMessage } from '../messages/index.js';
import { addDepositExperience, rechargeBonusBp } from '../vip/index.js';
import { payInviterRebate } from '../promotion/index.js';
import { applyCoupon, releaseCoupon } from '../vouchers/index.js';
import { firstDepositBonus } from './first-deposit-bonus.js';
import { depositRoomInfo, firstDepositOffer } from './recharge-offer.js';
import { paymentProviderFor, type PaymentStart } from './providers/index.js';
import { scheduleReconcile } from './providers/reconcile-schedule.js';
import {
  findChannel,
  findCurrency,
  findOrderById,
  findOrderByNo,
  hasPaidDeposit,
  insertOrder,
  listChannels,
  listCurrencies,
  lockPlayerDeposits,
  markCancelled,
  markPaid,
  pageOrders,
  type DepositOrder,
} from './repo.js';

export const DEPOSIT_EXPIRE_JOB = 'deposit.expire';
const ORDER_TTL_MS = 30 * 60_000;
const PRESETS_FEN = [1_000, 5_000, 10_000, 50_000, 100_000, 500_000];

type Ctx = Pick<AppContext, 'db'>;
/** Time between the provider's own expiry of a trade and our cancellation of the order. */
const PROVIDER_EXPIRY_MARGIN_MS = 60_000;

export async function rechargeConfig(ctx: Ctx, userId: number | null) {
  const [channels, currencies, settings] = await Promise.all([listChannels(ctx.db), listCurrencies(ctx.db), loadSiteSettings(ctx.db)]);
  const hasRecharged = userId ? await hasPaidDeposit(ctx.db, userId) : false;
  return {
    rechargeChannelList: channels.map((c) => ({
      id: c.id,
      channelName: c.name,
      channelType: c.channelType,
      currencyCodeList: c.currencies,
      minAmount: c.minAmountFen,
      maxAmount: c.maxAmountFen,
    })),
    currencyRateVoList: currencies.map((c) => ({ currency: c.code, symbol: c.symbol, rateNum: c.rateNum, rateDen: c.rateDen })),
    rechargeAmountAllowList: PRESETS_FEN,
    firstDepositBonusPercent: settings.firstDepositBonusPercent,
    hasRecharged,
    // Issue 30 §1, §3: what this player's next deposit earns and may still be, from the server's own rules.
    firstDepositBonus: await firstDepositOffer(ctx.db, userId, settings.firstDepositBonusPercent, hasRecharged),
    depositRoom: await depositRoomInfo(ctx.db, userId),
  };
}

/**
 * A deposit order: the credit is fixed now, from our own rate table, never from the callback. The
 * provider's payment is started first (a network call, outside any transaction), then the order is
 * written: a provider failure leaves nothing behind, and an unpaid trade at the provider expires by itself.
 */
export async function makePayment(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  input: { channelId: number; currency: string; amount: number; couponId?: number | undefined; clientIp?: string },
) {
  await assertCanSpend(ctx.db, userId);
  const channel = await findChannel(ctx.db, input.channelId);
  const provider = channel?.enabled ? paymentProviderFor(ctx.config, channel.channelType) : null;
  if (!channel || !provider) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
  const rate = await findCurrency(ctx.db, input.currency);
  if (!rate || !channel.currencies.includes(input.currency)) throw new AppError('CURRENCY_REQUIRED');
  const creditFen = Math.floor((input.amount * rate.rateNum) / rate.rateDen);
  if (creditFen < channel.minAmountFen || creditFen > channel.maxAmountFen) throw new AppError('DEPOSIT_AMOUNT_OUT_OF_RANGE');
  // Limits and exclusions (issue 18) before the provider is asked; again below, under the lock, for the record.
  await runInTransaction(ctx.db, ({ tx }) => assertMayDeposit(tx, userId, creditFen));
  const orderNo = `D${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(8).toString('hex')}`;
  const expiresAt = new Date(Date.now() + ORDER_TTL_MS);
  let start: PaymentStart;
  try {
    start = await provider.createPayment(
      {
        orderNo,
        amountMinor: input.amount,
        currency: input.currency,
        subject: `Skinfair 金币充值 ${formatFen(creditFen)}`,
        // The provider stops taking the payment a minute before we cancel the order (its clock and ours differ).
        expiresAt: new Date(expiresAt.getTime() - PROVIDER_EXPIRY_MARGIN_MS),
        notifyUrl: `${ctx.config.publicUrl}/api/callback/${channel.id}`,
        returnUrl: `${ctx.config.publicUrl}/personal/flow?orderId=${orderNo}`,
        clientIp: input.clientIp ?? '127.0.0.1',
      },
      channel,
    );
  } catch (err) {
    throw new AppError(
      'PAYMENT_CHANNEL_UNAVAILABLE',
      `${provider.name} createPayment: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  // QR modes (WeChat Native, Alipay precreate): the browser draws the code instead of opening a page.
  const result = { orderId: orderNo, payUrl: start.payUrl, qrCode: start.qrCode ?? null };
  return runInTransaction(ctx.db, async ({ tx }) => {
    // Pending orders hold their room in the limit; the protection row's lock makes two orders judged in turn.
    await assertMayDeposit(tx, userId, creditFen);
    // A recharge coupon is reserved with the order (its extra credit fixed now) and given back if it is cancelled.
    const couponBonusFen = input.couponId !== undefined ? await applyCoupon(tx, userId, input.couponId, 2, creditFen) : 0;
    // The first-deposit percent the player was shown is fixed with the order (an operator may change it meanwhile).
    const { firstDepositBonusPercent } = await loadSiteSettings(tx);
    const order = await insertOrder(tx, {
      orderNo,
      userId,
      channelId: channel.id,
      currency: input.currency,
      amountMinor: input.amount,
      creditFen,
      expiresAt,
      couponId: input.couponId ?? null,
      couponBonusFen,
      firstDepositBonusPercent,
    });
    await enqueueJob(tx, {
      kind: DEPOSIT_EXPIRE_JOB,
      payload: { orderId: order.id },
      runAt: expiresAt,
      dedupeKey: `deposit-expire:${order.id}`,
    });
    // A real provider is asked about the order if its notification has not arrived (reconcile.ts).
    if (provider.name !== 'sandbox') await scheduleReconcile(tx, order, ctx.config.payments.reconcileAfterMinutes, 1);
    return result;
  });
}

export interface CallbackBody {
  orderId: string;
  providerTxnId: string;
  amount: number;
  currency: string;
  status: 'paid' | 'cancelled';
}

/**
 * A verified callback. The order moves pending → paid once; the credit comes from our order row and
 * must equal the callback's amount and currency; the first deposit earns the configured bonus once.
 */
export async function applyCallback(
  ctx: Pick<AppContext, 'db' | 'live'>,
  channelId: number,
  body: CallbackBody,
): Promise<'ok' | 'ignored'> {
  return runInTransaction(ctx.db, ({ tx }) => applyCallbackIn(tx, channelId, body));
}

/** applyCallback inside the caller's transaction (the reconciliation job settles in its own). */
export async function applyCallbackIn(tx: Tx, channelId: number, body: CallbackBody): Promise<'ok' | 'ignored'> {
  const order = await findOrderByNo(tx, body.orderId);
  if (!order || order.channelId !== channelId) throw new AppError('NOT_FOUND', `order ${body.orderId}`);
  if (order.amountMinor !== body.amount || order.currency !== body.currency)
    throw new AppError('AMOUNT_INVALID', `order ${order.id} amount mismatch`);
  if (body.status === 'cancelled') return (await cancelOrder(tx, order)) ? 'ok' : 'ignored';
  const settings = await loadSiteSettings(tx);
  // One player's deposits settle one at a time: two first deposits settling at once would both count as
  // first and race for the one first-deposit bonus (the loser refused until its provider retried).
  await lockPlayerDeposits(tx, order.userId);
  const first = !(await hasPaidDeposit(tx, order.userId, order.id));
  if (!(await markPaid(tx, order.id, body.providerTxnId))) return 'ignored';
  await credit(tx, {
    userId: order.userId,
    kind: 'coin',
    amountFen: order.creditFen,
    from: 'payment_clearing',
    code: 'deposit',
    refType: 'deposit',
    refId: order.id,
    idempotencyKey: `deposit:${order.id}`,
  });
  const bonus = first
    ? await firstDepositBonus(tx, order, order.firstDepositBonusPercent ?? settings.firstDepositBonusPercent)
    : { fen: 0, pendingFen: 0, refusal: null };
  const bonusFen = bonus.fen;
  const vipBonusFen = await vipRechargeBonus(tx, order);
  if (order.couponBonusFen > 0) {
    await credit(tx, {
      userId: order.userId,
      kind: 'coin',
      amountFen: order.couponBonusFen,
      from: 'promotions',
      code: 'recharge_coupon_bonus',
      refType: 'deposit',
      refId: order.id,
      idempotencyKey: `coupon-bonus:${order.id}`,
    });
  }
  // Experience and the inviter's rebate follow the credited amount; a level-up grants its reward once.
  await addDepositExperience(tx, order.userId, order.creditFen);
  await payInviterRebate(tx, order.userId, order.creditFen, order.id);
  // A held bonus is named with its condition, so the player knows it is not lost (issue 30 §1).
  const heldText = bonus.pendingFen ? `。首充奖励 ¥${formatFen(bonus.pendingFen)} 将在您完成实名认证后到账（个人中心 → 实名认证）` : '';
  const bonusText = `${bonusFen ? `，首充奖励 ${formatFen(bonusFen)} 金币` : ''}${vipBonusFen ? `，VIP加赠 ${formatFen(vipBonusFen)} 金币` : ''}${heldText}${bonus.refusal ? `。首充奖励未发放：${errorMessage(bonus.refusal)}` : ''}`;
  await sendMessage(tx, order.userId, {
    type: 'reward',
    title: '充值成功',
    content: `您的充值已到账：${formatFen(order.creditFen)} 金币${bonusText}。`,
  });
  return 'ok';
}

/** The VIP grade's recharge bonus (the "recharge discount"), its own ledger kind. */
async function vipRechargeBonus(tx: Tx, order: DepositOrder): Promise<number> {
  const bp = await rechargeBonusBp(tx, order.userId);
  const bonus = Math.floor((order.creditFen * bp) / 10_000);
  if (bonus <= 0) return 0;
  await credit(tx, {
    userId: order.userId,
    kind: 'coin',
    amountFen: bonus,
    from: 'promotions',
    code: 'vip_recharge_bonus',
    refType: 'deposit',
    refId: order.id,
    idempotencyKey: `vip-bonus:${order.id}`,
  });
  return bonus;
}

/** Cancels a pending order and gives its reserved coupon back; false when it was no longer pending. */
async function cancelOrder(tx: Tx, order: DepositOrder): Promise<boolean> {
  if (!(await markCancelled(tx, order.id))) return false;
  if (order.couponId) await releaseCoupon(tx, order.userId, order.couponId);
  return true;
}

export async function expireOrder(tx: Tx, orderId: number): Promise<void> {
  const order = await findOrderById(tx, orderId);
  if (order && (await markCancelled(tx, order.id)) && order.couponId) await releaseCoupon(tx, order.userId, order.couponId);
}

function toState(order: DepositOrder, channelName: string): PaymentState {
  return {
    orderId: order.orderNo,
    state: order.state,
    amount: order.amountMinor,
    currency: order.currency,
    creditAmount: order.creditFen,
    bonusAmount: order.bonusFen,
    couponBonusAmount: order.couponBonusFen,
    pendingBonusAmount: order.bonusPendingFen,
    firstRechargeFlag: order.bonusFen > 0 || order.bonusPendingFen > 0,
    channelName,
    createTime: toIso(order.createdAt),
  };
}

export async function paymentState(ctx: Ctx, userId: number, orderNo: string): Promise<PaymentState> {
  const order = await findOrderByNo(ctx.db, orderNo);
  if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', `order ${orderNo}`);
  const channel = await findChannel(ctx.db, order.channelId);
  return toState(order, channel?.name ?? '');
}

export async function paymentRecords(ctx: Ctx, userId: number, page: number, pageSize: number) {
  const { rows, totalRows } = await pageOrders(ctx.db, userId, page, pageSize);
  return toPage(
    rows.map((r) => toState(r.order, r.channelName)),
    page,
    pageSize,
    totalRows,
  );
}
