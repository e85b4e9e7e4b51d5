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
};

const catalogues: Record<string, Record<DepositsMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function formatDepositsMessage(locale: string, id: DepositsMessageId, values: Record<string, string | number> = {}): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function useDepositsT(): (id: DepositsMessageId, values?: Record<string, string | number>) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((id, values) => formatDepositsMessage(locale, id, values), [locale]);
}
