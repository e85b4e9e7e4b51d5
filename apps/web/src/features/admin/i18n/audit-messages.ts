import { useCallback } from 'react';
import type { AuditAction } from '@skinfair/contract';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/**
 * The audit log's words (issue 30 §8): every action of the contract's `auditActions` and every target type
 * in Chinese first, so an operator reads "调整余额", not "player.adjustBalance". Kept apart from the
 * console's catalogue (messages.ts is near its size limit) and in the same plain `{name}` form.
 */
type Pair = readonly [zh: string, en: string];

export const auditActionLabels: Record<AuditAction, Pair> = {
  'operator.create': ['新建操作员', 'Create operator'],
  'operator.set-role': ['修改操作员角色', 'Change operator role'],
  'operator.disable': ['停用操作员', 'Disable operator'],
  'operator.enable': ['启用操作员', 'Enable operator'],
  'operator.reset-totp': ['重置两步验证', 'Reset two-factor'],
  'operator.totp-enrol': ['绑定两步验证', 'Enrol two-factor'],
  'operator.resetPassword': ['重置操作员密码', 'Reset operator password'],
  'operator.changePassword': ['修改本人密码', 'Change own password'],
  'operator.endSession': ['结束登录会话', 'End a session'],
  'operator.endOtherSessions': ['结束其他会话', 'End other sessions'],
  'theme.create': ['新建箱子分类', 'Create theme'],
  'theme.update': ['修改箱子分类', 'Edit theme'],
  'box.create': ['新建箱子', 'Create box'],
  'box.update': ['修改箱子', 'Edit box'],
  'box.publish': ['发布箱子赔率', 'Publish box odds'],
  'item.price': ['修改饰品价格', 'Set item price'],
  'item.import': ['导入饰品价格', 'Import item prices'],
  'item.recoveryRule': ['修改回收价规则', 'Change recovery rule'],
  'shop.update': ['修改商城商品', 'Edit shop line'],
  'shop.add': ['上架商城商品', 'Add shop line'],
  'withdrawal.approve': ['通过提货', 'Approve withdrawal'],
  'withdrawal.retry': ['重试提货', 'Retry withdrawal'],
  'withdrawal.fail': ['提货失败退回', 'Fail withdrawal'],
  'withdrawal.complete': ['手动完成提货', 'Complete withdrawal by hand'],
  'withdrawal.reviewApprove': ['风控审核通过', 'Approve review'],
  'withdrawal.reviewReject': ['风控审核驳回', 'Reject review'],
  'withdrawal.rules': ['修改提货风控规则', 'Change withdrawal rules'],
  'deposit.markReview': ['标记充值待核查', 'Mark deposit for review'],
  'deposit.refund': ['充值退款', 'Refund deposit'],
  'deposit.refundResult': ['充值退款结果', 'Deposit refund result'],
  'player.freeze': ['冻结玩家', 'Freeze player'],
  'player.unfreeze': ['解冻玩家', 'Unfreeze player'],
  'player.endSessions': ['结束玩家会话', 'End player sessions'],
  'player.adjustBalance': ['调整玩家余额', 'Adjust player balance'],
  'player.releaseWithdrawalHold': ['解除提货暂缓', 'Release withdrawal hold'],
  'goldenCode.create': ['新建黄金码', 'Create Golden Code'],
  'goldenCode.disable': ['停用黄金码', 'Disable Golden Code'],
  'goldenCode.enable': ['启用黄金码', 'Enable Golden Code'],
  'redPacket.issue': ['发放红包', 'Issue red packet'],
  'redPacket.revoke': ['撤回红包', 'Revoke red packet'],
  'coupon.issue': ['发放优惠券', 'Issue coupon'],
  'coupon.revoke': ['撤回优惠券', 'Revoke coupon'],
  'vip.ladder': ['修改 VIP 等级', 'Edit VIP ladder'],
  'promotion.levels': ['修改推广等级', 'Edit promotion levels'],
  'firstDeposit.rate': ['修改首充奖励比例', 'Change first-deposit bonus'],
  'dailyTopUp.tiers': ['修改每日充值奖励档位', 'Change daily top-up tiers'],
  'invitation.default': ['修改默认邀请码', 'Change default invitation code'],
  'site.switches': ['修改站点开关与公告', 'Change site switches and notice'],
  'support.contact': ['修改客服信息', 'Change customer-service details'],
  'content.document.create': ['新建文档', 'Create document'],
  'content.document.update': ['修改文档', 'Edit document'],
  'content.notice.create': ['新建公告', 'Create notice'],
  'content.notice.update': ['修改公告', 'Edit notice'],
  'content.banner.create': ['新建横幅', 'Create banner'],
  'content.banner.update': ['修改横幅', 'Edit banner'],
  'content.banner.imageUpload': ['上传横幅图片', 'Upload banner image'],
  'content.activity.update': ['修改活动', 'Edit event'],
  'battle.cancel': ['取消对战', 'Cancel battle'],
  'giveaway.createOfficial': ['新建官方福利房', 'Create official giveaway'],
  'giveaway.cancel': ['取消福利房', 'Cancel giveaway'],
  'dream.settings': ['修改追梦设置', 'Change dream settings'],
  'bot.update': ['修改机器人', 'Edit bot'],
  'approval.request': ['提交审批', 'Request approval'],
  'approval.approve': ['审批通过', 'Approve request'],
  'approval.reject': ['审批驳回', 'Reject request'],
  'approval.expire': ['审批过期', 'Request expired'],
  'limits.settings': ['修改内部限额', 'Change insider limits'],
};

/** The kinds of thing an audit row is about (`targetType`). */
export const auditTargetLabels: Record<string, Pair> = {
  activity: ['活动', 'Event'],
  approval: ['审批', 'Approval'],
  banner: ['横幅', 'Banner'],
  banner_image: ['横幅图片', 'Banner image'],
  battle: ['对战', 'Battle'],
  bot: ['机器人', 'Bot'],
  box: ['箱子', 'Box'],
  deposit: ['充值订单', 'Deposit'],
  document: ['文档', 'Document'],
  dream: ['追梦', 'Dream'],
  giveaway: ['福利房', 'Giveaway'],
  golden_code: ['黄金码', 'Golden Code'],
  item: ['饰品', 'Item'],
  item_import: ['价格导入', 'Price import'],
  notice: ['公告', 'Notice'],
  operator: ['操作员', 'Operator'],
  operator_session: ['操作员会话', 'Operator session'],
  player: ['玩家', 'Player'],
  promotion_levels: ['推广等级', 'Promotion levels'],
  shop_stock: ['商城商品', 'Shop line'],
  site_setting: ['站点设置', 'Site setting'],
  site_settings: ['站点设置', 'Site settings'],
  theme: ['箱子分类', 'Theme'],
  vip_grades: ['VIP 等级', 'VIP grades'],
  voucher: ['红包/优惠券', 'Voucher'],
  withdrawal: ['提货', 'Withdrawal'],
};

const zhCN = {
  'audit.field': '字段',
  'audit.before': '变更前',
  'audit.after': '变更后',
  'audit.yes': '是',
  'audit.no': '否',
  'audit.none': '—',
  'audit.noChange': '无字段变化',
  'audit.more': '另有 {n} 项',
  'audit.allActions': '全部操作',
  'audit.allTargets': '全部对象',
  'audit.item': '第 {n} 项',
};
export type AuditMessageId = keyof typeof zhCN;

const enUS: Record<AuditMessageId, string> = {
  'audit.field': 'Field',
  'audit.before': 'Before',
  'audit.after': 'After',
  'audit.yes': 'Yes',
  'audit.no': 'No',
  'audit.none': '—',
  'audit.noChange': 'No field changed',
  'audit.more': '{n} more',
  'audit.allActions': 'All actions',
  'audit.allTargets': 'All targets',
  'audit.item': 'No. {n}',
};

const catalogues: Record<string, Record<AuditMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** The language index of a locale's pair: Chinese unless the player chose English. */
export const pairIndex = (locale: string) => (locale === 'en-US' ? 1 : 0);

export function formatAuditMessage(locale: string, id: AuditMessageId, values: Record<string, string | number> = {}): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** An action's name in the locale; a name this console does not know yet is shown as written. */
export const auditActionLabel = (locale: string, action: string): string =>
  (auditActionLabels as Record<string, Pair>)[action]?.[pairIndex(locale)] ?? action;

export const auditTargetLabel = (locale: string, type: string): string => auditTargetLabels[type]?.[pairIndex(locale)] ?? type;

export function useAuditLocale(): string {
  return useLocaleStore((s) => s.locale);
}

export function useAuditT(): (id: AuditMessageId, values?: Record<string, string | number>) => string {
  const locale = useAuditLocale();
  return useCallback((id, values) => formatAuditMessage(locale, id, values), [locale]);
}
