import { useCallback } from 'react';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/**
 * The withdrawal guard's console strings (issue 24 §2 and §4, decision 0045): holds on the Players screen,
 * the risk-review queue and the guard's settings on the Withdrawals screen. Same form as the console's catalogue.
 */
const zhCN = {
  'guard.holds.title': '提取暂缓',
  'guard.holds.none': '当前没有提取暂缓。',
  'guard.holds.reason': '原因',
  'guard.holds.since': '开始',
  'guard.holds.until': '结束',
  'guard.holds.reason.trade_url': '更换交易链接',
  'guard.holds.reason.password': '修改或重设密码',
  'guard.holds.reason.phone': '更换手机号',
  'guard.holds.reason.new_device': '新设备登录',
  'guard.holds.release': '解除暂缓',
  'guard.holds.releaseTitle': '解除玩家 {id} 的提取暂缓（{reason}）',
  'guard.holds.releaseBody': '请先通过绑定手机或其他可靠方式确认是玩家本人操作。解除后玩家可立即提取饰品，此操作将记入审计日志。',
  'guard.holds.released': '已解除暂缓',
  'guard.review.filter': '风控审核',
  'guard.review.all': '全部提取',
  'guard.review.pending': '待审核',
  'guard.review.reason': '审核原因：{reason}',
  'guard.review.reviewed': '已审核',
  'guard.review.approve': '审核通过',
  'guard.review.reject': '驳回',
  'guard.review.confirmApprove': '审核通过提取单 {id}？通过后将正常发货。',
  'guard.review.rejectTitle': '驳回提取单 {id}',
  'guard.review.rejectBody': '驳回后该提取判定失败，「{item}」将退回玩家 {player} 的背包，玩家可在提取记录中看到原因。',
  'guard.review.done': '已处理',
  'guard.rules.title': '提取安全设置',
  'guard.rules.explain':
    '账户安全变更（交易链接、密码、手机号）或新设备登录后，提取暂缓的小时数；单次提取价值超过审核线，或使玩家当日（北京时间）提取件数超过上限的申请，需人工审核后才会发货。填 0 关闭该项。',
  'guard.rules.holdHours': '暂缓时长（小时，0–168）',
  'guard.rules.reviewAbove': '单次审核线（元，0 为关闭）',
  'guard.rules.dailyCount': '每日件数上限（0 为关闭）',
  'guard.rules.current': '当前：暂缓 {hours} 小时；单次超过 {above} 需审核；每日超过 {count} 件需审核',
  'guard.rules.off': '关闭',
  'guard.rules.save': '保存设置',
  'guard.rules.confirmTitle': '修改提取安全设置',
  'guard.rules.saved': '设置已保存',
};

export type GuardMessageId = keyof typeof zhCN;

const enUS: Record<GuardMessageId, string> = {
  'guard.holds.title': 'Withdrawal holds',
  'guard.holds.none': 'No withdrawal hold in force.',
  'guard.holds.reason': 'Reason',
  'guard.holds.since': 'Since',
  'guard.holds.until': 'Until',
  'guard.holds.reason.trade_url': 'Trade link changed',
  'guard.holds.reason.password': 'Password changed or reset',
  'guard.holds.reason.phone': 'Phone changed',
  'guard.holds.reason.new_device': 'Login from a new device',
  'guard.holds.release': 'Release hold',
  'guard.holds.releaseTitle': 'Release the withdrawal hold of player {id} ({reason})',
  'guard.holds.releaseBody':
    'First confirm through the bound phone or another reliable way that the player made the change. Once released, the player can withdraw at once; the audit log records it.',
  'guard.holds.released': 'Hold released',
  'guard.review.filter': 'Risk review',
  'guard.review.all': 'All withdrawals',
  'guard.review.pending': 'Awaiting review',
  'guard.review.reason': 'Review: {reason}',
  'guard.review.reviewed': 'Reviewed',
  'guard.review.approve': 'Approve review',
  'guard.review.reject': 'Reject',
  'guard.review.confirmApprove': 'Approve withdrawal {id}? It will then be delivered as usual.',
  'guard.review.rejectTitle': 'Reject withdrawal {id}',
  'guard.review.rejectBody':
    'The withdrawal fails and “{item}” returns to the backpack of {player}, who sees the reason in their withdrawal records.',
  'guard.review.done': 'Done',
  'guard.rules.title': 'Withdrawal safety settings',
  'guard.rules.explain':
    'Hours withdrawals wait after a security change (trade link, password, phone) or a login from a new device; a request worth more than the review line, or one that takes the player past the daily item count (Beijing day), waits for an operator’s review. 0 turns a rule off.',
  'guard.rules.holdHours': 'Hold (hours, 0–168)',
  'guard.rules.reviewAbove': 'Review line per request (yuan, 0 off)',
  'guard.rules.dailyCount': 'Items per day (0 off)',
  'guard.rules.current': 'Now: hold {hours} h; review above {above} per request; review past {count} items a day',
  'guard.rules.off': 'off',
  'guard.rules.save': 'Save settings',
  'guard.rules.confirmTitle': 'Change the withdrawal safety settings',
  'guard.rules.saved': 'Settings saved',
};

const catalogues: Record<string, Record<GuardMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function formatGuardMessage(locale: string, id: GuardMessageId, values: Record<string, string | number> = {}): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function useGuardT(): (id: GuardMessageId, values?: Record<string, string | number>) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((id, values) => formatGuardMessage(locale, id, values), [locale]);
}
