import { useCallback } from 'react';
import { currentLocale, useLocaleStore } from '../../../shared/i18n/locale-store';

/**
 * The insider limits' strings (issue 24 §11, decision 0048): the limits and approvals screen, and the notice
 * a value-creating form shows when its action waits for a second operator.
 */
const zhCN = {
  'limits.title': '额度与审批',
  'limits.requested': '已提交审批（#{id}，价值 {value}）：需另一位有此权限的操作员批准后才会执行',
  'limits.kind.redPacket': '红包',
  'limits.kind.coupon': '优惠券',
  'limits.kind.goldenCode': 'Golden Code',
  'limits.kind.balanceCredit': '余额调增',
  'limits.kind.officialGiveaway': '官方福利房',
  'limits.approvals.title': '审批申请',
  'limits.approvals.body': '超过审批门槛的操作不会立即执行：由另一位拥有同一权限的操作员批准后执行一次，或驳回；24小时内未处理即过期。',
  'limits.approvals.empty': '没有符合条件的申请',
  'limits.approvals.total': '共 {n} 条',
  'limits.status': '状态',
  'limits.status.all': '全部',
  'limits.status.pending': '待审批',
  'limits.status.approved': '已批准',
  'limits.status.rejected': '已驳回',
  'limits.status.expired': '已过期',
  'limits.col.id': '编号',
  'limits.col.kind': '类型',
  'limits.col.value': '价值',
  'limits.col.requester': '申请人',
  'limits.col.requestedAt': '提交时间',
  'limits.col.expiresAt': '过期时间',
  'limits.col.details': '内容',
  'limits.col.decision': '处理',
  'limits.col.actions': '操作',
  'limits.decidedBy': '{name} · {at}',
  'limits.target': '已创建 #{id}',
  'limits.own': '自己的申请由他人处理',
  'limits.approve': '批准',
  'limits.reject': '驳回',
  'limits.approveTitle': '批准申请 #{id}？',
  'limits.approveBody': '批准后立即以申请人 {name} 的名义执行：{kind}，价值 {value}。这笔价值同时计入您今天的{kind}额度。',
  'limits.rejectTitle': '驳回申请 #{id}',
  'limits.approved': '已批准并执行',
  'limits.rejected': '已驳回',
  'limits.today.title': '今日各操作员创造的价值（{day}，北京时间）',
  'limits.today.body': '每格为计入额度的价值 / 每日额度；“本人”为自己的操作，“审批”为批准他人操作计入的部分。',
  'limits.today.empty': '今天还没有操作员创造价值',
  'limits.today.operator': '操作员',
  'limits.today.cell': '{counted} / {cap}',
  'limits.today.split': '本人 {own} · 审批 {cosigned}',
  'limits.today.total': '今日合计（每笔只计一次）',
  'limits.today.pending': '待审批申请：{n} 条',
  'limits.settings.title': '额度设置',
  'limits.settings.body':
    '每位操作员每个北京时间自然日可创造的价值上限，以及单笔需要第二位操作员批准的门槛；箱子的声明返奖率不得高于上限。',
  'limits.settings.readOnly': '只有管理员可以修改这些设置。',
  'limits.settings.cap': '{kind}每日额度（元）',
  'limits.settings.approval': '{kind}审批门槛（元）',
  'limits.settings.ceiling': '箱子声明返奖率上限（%）',
  'limits.settings.default': '默认 {value}',
  'limits.settings.updatedAt': '上次修改：{at}',
  'limits.settings.save': '保存设置',
  'limits.settings.saveTitle': '保存额度设置？',
  'limits.settings.saveBody': '新的额度从保存起生效，今天已计入的价值不变。',
  'limits.settings.invalid': '请填写有效金额；审批门槛不能高于每日额度，返奖率上限为50%至100%。',
  'limits.settings.saved': '额度设置已保存',
  'limits.maxDiscount': '最高优惠（元）',
};

export type LimitsMessageId = keyof typeof zhCN;

const enUS: Record<LimitsMessageId, string> = {
  'limits.title': 'Limits and approvals',
  'limits.requested': 'Sent for approval (#{id}, worth {value}): it runs once another operator with the permission approves it',
  'limits.kind.redPacket': 'Red packet',
  'limits.kind.coupon': 'Coupon',
  'limits.kind.goldenCode': 'Golden Code',
  'limits.kind.balanceCredit': 'Balance credit',
  'limits.kind.officialGiveaway': 'Official giveaway',
  'limits.approvals.title': 'Approval requests',
  'limits.approvals.body':
    'An action above its approval threshold does not run at once: another operator holding the same permission approves it (it then runs once) or rejects it; undecided requests expire after 24 hours.',
  'limits.approvals.empty': 'No requests match',
  'limits.approvals.total': '{n} requests',
  'limits.status': 'Status',
  'limits.status.all': 'All',
  'limits.status.pending': 'Pending',
  'limits.status.approved': 'Approved',
  'limits.status.rejected': 'Rejected',
  'limits.status.expired': 'Expired',
  'limits.col.id': 'No.',
  'limits.col.kind': 'Kind',
  'limits.col.value': 'Value',
  'limits.col.requester': 'Requested by',
  'limits.col.requestedAt': 'Requested',
  'limits.col.expiresAt': 'Expires',
  'limits.col.details': 'Details',
  'limits.col.decision': 'Decision',
  'limits.col.actions': 'Actions',
  'limits.decidedBy': '{name} · {at}',
  'limits.target': 'Created #{id}',
  'limits.own': 'Your own request: another operator decides it',
  'limits.approve': 'Approve',
  'limits.reject': 'Reject',
  'limits.approveTitle': 'Approve request #{id}?',
  'limits.approveBody':
    'It runs at once as {name}’s action: {kind}, worth {value}. The value also counts against your own {kind} limit for today.',
  'limits.rejectTitle': 'Reject request #{id}',
  'limits.approved': 'Approved and done',
  'limits.rejected': 'Rejected',
  'limits.today.title': 'Value created today by operator ({day}, Beijing time)',
  'limits.today.body':
    'Each cell is the value counted against the limit / the daily limit; "own" is the operator’s actions, "approved" what they approved for others.',
  'limits.today.empty': 'No operator has created value today',
  'limits.today.operator': 'Operator',
  'limits.today.cell': '{counted} / {cap}',
  'limits.today.split': 'own {own} · approved {cosigned}',
  'limits.today.total': 'Total today (each action once)',
  'limits.today.pending': 'Pending requests: {n}',
  'limits.settings.title': 'Limit settings',
  'limits.settings.body':
    'What one operator may create in a Beijing day, and above what single value a second operator must approve; a box may not declare a return above the ceiling.',
  'limits.settings.readOnly': 'Only an admin can change these settings.',
  'limits.settings.cap': '{kind} daily limit (yuan)',
  'limits.settings.approval': '{kind} approval threshold (yuan)',
  'limits.settings.ceiling': 'Box declared-return ceiling (%)',
  'limits.settings.default': 'default {value}',
  'limits.settings.updatedAt': 'Last changed: {at}',
  'limits.settings.save': 'Save settings',
  'limits.settings.saveTitle': 'Save the limit settings?',
  'limits.settings.saveBody': 'The new limits apply from now on; value already counted today stays.',
  'limits.settings.invalid': 'Enter valid amounts; a threshold may not exceed its daily limit, and the ceiling is 50 % to 100 %.',
  'limits.settings.saved': 'Limit settings saved',
  'limits.maxDiscount': 'Largest discount (yuan)',
};

const catalogues: Record<string, Record<LimitsMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function formatLimitsMessage(locale: string, id: LimitsMessageId, values: Record<string, string | number> = {}): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** Outside a component (a mutation's callback): the locale the console shows now. */
export const limitsMessage = (id: LimitsMessageId, values?: Record<string, string | number>) =>
  formatLimitsMessage(currentLocale(), id, values);

export function useLimitsT(): (id: LimitsMessageId, values?: Record<string, string | number>) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((id, values) => formatLimitsMessage(locale, id, values), [locale]);
}
