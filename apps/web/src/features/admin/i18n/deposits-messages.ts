import { useCallback } from 'react';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/**
 * The Deposits screen's strings (issue 16 screen 7), beside the console's catalogue and in the same form
 * (plain `{name}` placeholders), kept apart so they travel with the screen's own chunk.
 */
const zhCN = {
  'deposits.title': '充值订单',
  'deposits.search': '订单号或玩家ID',
  'deposits.state': '状态',
  'deposits.allStates': '全部状态',
  'deposits.state.0': '处理中',
  'deposits.state.1': '已完成',
  'deposits.state.2': '已取消',
  'deposits.from': '开始日期',
  'deposits.to': '结束日期',
  'deposits.review': '核查标记',
  'deposits.review.all': '全部订单',
  'deposits.review.marked': '仅待核查',
  'deposits.total': '共 {n} 笔',
  'deposits.empty': '没有符合条件的充值订单',
  'deposits.col.orderNo': '订单号',
  'deposits.col.player': '玩家ID',
  'deposits.col.amount': '支付金额',
  'deposits.col.credit': '到账金币',
  'deposits.col.channel': '渠道',
  'deposits.col.state': '状态',
  'deposits.col.created': '创建时间',
  'deposits.col.finished': '完成时间',
  'deposits.col.actions': '操作',
  'deposits.view': '详情',
  'deposits.marked': '待核查',
  'deposits.detail.title': '订单 {orderNo}',
  'deposits.detail.close': '关闭详情',
  'deposits.detail.txn': '渠道流水号',
  'deposits.detail.bonus': '赠送金币',
  'deposits.detail.expires': '过期时间',
  'deposits.detail.review': '核查标记：{at}，{who}：{reason}',
  'deposits.detail.callbacks': '渠道回调（原始报文，{n} 条）',
  'deposits.detail.noCallbacks': '尚未收到渠道回调',
  'deposits.detail.callback': '{at} · 时间戳 {ts} · 应答 {outcome}',
  'deposits.markReview': '标记核查',
  'deposits.markTitle': '标记订单 {orderNo} 待核查',
  'deposits.markBody': '只做标记并记入审计日志，不改变订单状态，不增减任何余额。',
  'deposits.markDone': '已标记待核查',
  'deposits.refund': '退款',
  'deposits.refund.title': '退款：订单 {orderNo}',
  'deposits.refund.confirm': '确认退款',
  'deposits.refund.refundable': '现在最多可退 {amount}（实付 {paid}）',
  'deposits.refund.limit.refunded': '本单已没有可退金额：已退款 {refunded}，渠道处理中 {pending}。',
  'deposits.refund.limit.balance':
    '本单还有 {left} 未退，但玩家金币余额 {balance} 只够扣回上面的金额：退款按比例扣回本单到账的金币和充值奖励，不能扣成负数。',
  'deposits.refund.limit.not_paid': '订单未完成支付，不能退款。',
  'deposits.refund.limit.channel_off': '该订单的支付渠道现在未配置，无法向渠道发起退款。',
  'deposits.refund.takes': '退足上面的金额将扣回金币 {coins}、充值奖励 {bonus}，并取消待发放的首充奖励 {held}；退得少则按比例扣回。',
  'deposits.refund.amount': '退款金额（元）',
  'deposits.refund.hint': '原路退回付款账户。邀请人的推广返利按比例扣回，已用掉的部分不追回；VIP 经验扣回，已达等级保留。',
  'deposits.refund.done.0': '已提交退款 {amount}，渠道处理中，结果会自动更新',
  'deposits.refund.done.1': '已退款 {amount}',
  'deposits.refund.done.2': '渠道拒绝退款 {amount}，扣回的金币已退还玩家',
  'deposits.detail.refunds': '退款记录（{n} 笔）',
  'deposits.detail.refundRow': '{at} · {amount} · 扣回金币 {coins} · {state}{status} · {reason}',
  'deposits.refundState.0': '处理中',
  'deposits.refundState.1': '已退款',
  'deposits.refundState.2': '退款失败',
};

export type DepositsMessageId = keyof typeof zhCN;

const enUS: Record<DepositsMessageId, string> = {
  'deposits.title': 'Deposits',
  'deposits.search': 'Order number or player id',
  'deposits.state': 'State',
  'deposits.allStates': 'All states',
  'deposits.state.0': 'Processing',
  'deposits.state.1': 'Completed',
  'deposits.state.2': 'Cancelled',
  'deposits.from': 'From',
  'deposits.to': 'To',
  'deposits.review': 'Review mark',
  'deposits.review.all': 'All orders',
  'deposits.review.marked': 'Marked for review only',
  'deposits.total': '{n} orders',
  'deposits.empty': 'No deposit orders match',
  'deposits.col.orderNo': 'Order',
  'deposits.col.player': 'Player id',
  'deposits.col.amount': 'Amount paid',
  'deposits.col.credit': 'Coins credited',
  'deposits.col.channel': 'Channel',
  'deposits.col.state': 'State',
  'deposits.col.created': 'Created',
  'deposits.col.finished': 'Finished',
  'deposits.col.actions': 'Actions',
  'deposits.view': 'Details',
  'deposits.marked': 'For review',
  'deposits.detail.title': 'Order {orderNo}',
  'deposits.detail.close': 'Close details',
  'deposits.detail.txn': 'Provider transaction',
  'deposits.detail.bonus': 'Bonus coins',
  'deposits.detail.expires': 'Expires',
  'deposits.detail.review': 'Marked for review {at} by {who}: {reason}',
  'deposits.detail.callbacks': 'Gateway callbacks (raw, {n})',
  'deposits.detail.noCallbacks': 'No gateway callback received yet',
  'deposits.detail.callback': '{at} · timestamp {ts} · answered {outcome}',
  'deposits.markReview': 'Mark for review',
  'deposits.markTitle': 'Mark order {orderNo} for review',
  'deposits.markBody': 'Only a mark, kept in the audit log: the order state and every balance stay as they are.',
  'deposits.markDone': 'Marked for review',
  'deposits.refund': 'Refund',
  'deposits.refund.title': 'Refund: order {orderNo}',
  'deposits.refund.confirm': 'Refund',
  'deposits.refund.refundable': 'At most {amount} can be refunded now (paid {paid})',
  'deposits.refund.limit.refunded': 'Nothing is left to refund: {refunded} refunded, {pending} with the provider.',
  'deposits.refund.limit.balance':
    "{left} of this order is not refunded, but the player's {balance} coins only cover the amount above: a refund takes back this order's coins and bonuses in proportion, never below zero.",
  'deposits.refund.limit.not_paid': 'The order was never paid: nothing to refund.',
  'deposits.refund.limit.channel_off': "The order's payment channel is not configured now: no refund can be asked for.",
  'deposits.refund.takes':
    'Refunding the amount above takes back {coins} coins and {bonus} bonus coins, and cancels {held} of a held first-deposit bonus; a smaller refund takes its share.',
  'deposits.refund.amount': 'Amount (yuan)',
  'deposits.refund.hint':
    "Paid back to the payer's account. The inviter's rebate is taken back in share, except what they spent; VIP experience is taken back, the grade stays.",
  'deposits.refund.done.0': 'Refund of {amount} sent; the provider is processing it, the result updates itself',
  'deposits.refund.done.1': 'Refunded {amount}',
  'deposits.refund.done.2': 'The provider refused the refund of {amount}; the coins went back to the player',
  'deposits.detail.refunds': 'Refunds ({n})',
  'deposits.detail.refundRow': '{at} · {amount} · {coins} coins taken · {state}{status} · {reason}',
  'deposits.refundState.0': 'Processing',
  'deposits.refundState.1': 'Refunded',
  'deposits.refundState.2': 'Failed',
};

const catalogues: Record<string, Record<DepositsMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function formatDepositsMessage(locale: string, id: DepositsMessageId, values: Record<string, string | number> = {}): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function useDepositsT(): (id: DepositsMessageId, values?: Record<string, string | number>) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((id, values) => formatDepositsMessage(locale, id, values), [locale]);
}
