import { useCallback } from 'react';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/**
 * The Players screen's player-protection strings (issue 18, decision 0042), beside the console's catalogue
 * in the same form. Read-only: the console shows a player's limits and exclusion and cannot lift them.
 */
const zhCN = {
  'protection.title': '安全游戏设置',
  'protection.readOnly': '由玩家本人设置，运营人员只能查看，无法解除或缩短。',
  'protection.none': '未设置任何限额或冷静期。',
  'protection.exclusion.cool_off': '冷静期：{from} 至 {until}',
  'protection.exclusion.self_exclusion': '自我排除：{from} 至 {until}',
  'protection.kind': '限额',
  'protection.value': '当前',
  'protection.used': '已用',
  'protection.pending': '待生效',
  'protection.pendingRemove': '{at} 取消',
  'protection.pendingRaise': '{at} 起 {value}',
  'protection.kind.deposit_day': '每日充值',
  'protection.kind.deposit_week': '每周充值',
  'protection.kind.deposit_month': '每月充值',
  'protection.kind.loss_day': '每日亏损',
  'protection.kind.loss_week': '每周亏损',
  'protection.kind.loss_month': '每月亏损',
  'protection.kind.session_minutes': '单次登录时长（分钟）',
};

export type ProtectionMessageId = keyof typeof zhCN;

const enUS: Record<ProtectionMessageId, string> = {
  'protection.title': 'Player protection',
  'protection.readOnly': 'Set by the player; operators can see it but cannot lift or shorten it.',
  'protection.none': 'No limits, cool-off or self-exclusion.',
  'protection.exclusion.cool_off': 'Cool-off: {from} to {until}',
  'protection.exclusion.self_exclusion': 'Self-exclusion: {from} to {until}',
  'protection.kind': 'Limit',
  'protection.value': 'In force',
  'protection.used': 'Used',
  'protection.pending': 'Pending',
  'protection.pendingRemove': 'removed {at}',
  'protection.pendingRaise': '{value} from {at}',
  'protection.kind.deposit_day': 'Daily deposit',
  'protection.kind.deposit_week': 'Weekly deposit',
  'protection.kind.deposit_month': 'Monthly deposit',
  'protection.kind.loss_day': 'Daily loss',
  'protection.kind.loss_week': 'Weekly loss',
  'protection.kind.loss_month': 'Monthly loss',
  'protection.kind.session_minutes': 'Session time (minutes)',
};

const catalogues: Record<string, Record<ProtectionMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function formatProtectionMessage(locale: string, id: ProtectionMessageId, values: Record<string, string | number> = {}): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function useProtectionT(): (id: ProtectionMessageId, values?: Record<string, string | number>) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((id, values) => formatProtectionMessage(locale, id, values), [locale]);
}
