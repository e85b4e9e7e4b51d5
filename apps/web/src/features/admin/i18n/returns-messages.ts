import { useCallback } from 'react';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/**
 * The Live return screen's strings (issue 16 screen 3), beside the console's catalogue and in the same
 * form (plain `{name}` placeholders), kept apart so they travel with the screen's own chunk.
 */
const zhCN = {
  'returns.title': '实时返奖率',
  'returns.explain':
    '当前期望返奖率 = 当前赔率版本 Σ(权重 × 今日回收价) ÷ 100000 ÷ 箱子价格（箱子页价格旁的数字；发布时申报的返奖率不随调价变动，见箱子列表）；实际返奖率 = 该版本最近 N 次开箱所得饰品按今日回收价之和 ÷ (开箱次数 × 箱子价格)。95% 区间为申报值 ± 1.96σ/√n，告警区间为 ± 3σ/√n（σ 为单次开箱回报的标准差）；开箱满 {min} 次后超出告警区间即告警。发布新赔率版本后重新计数。',
  'returns.search': '箱子名称或ID',
  'returns.alerts': '告警',
  'returns.alerts.all': '全部箱子',
  'returns.alerts.only': '仅告警',
  'returns.window': '统计开箱次数',
  'returns.window.n': '最近 {n} 次',
  'returns.total': '共 {n} 个箱子',
  'returns.empty': '没有符合条件的箱子',
  'returns.col.box': '箱子',
  'returns.col.price': '价格',
  'returns.col.openings': '开箱次数',
  'returns.col.declared': '当前期望返奖率',
  'returns.col.realised': '实际返奖率',
  'returns.col.band95': '95% 区间',
  'returns.col.alertBand': '告警区间 (±3σ)',
  'returns.col.chart': '分布',
  'returns.col.state': '状态',
  'returns.disabled': '已停用',
  'returns.version': '版本 {v}',
  'returns.state.alert': '超出区间',
  'returns.state.ok': '区间内',
  'returns.state.few': '样本不足（少于 {min} 次）',
  'returns.state.none': '暂无开箱',
  'returns.state.free': '免费箱，无返奖率',
  'returns.chart': '申报 {declared}，实际 {realised}，告警区间 {low}–{high}',
};

export type ReturnsMessageId = keyof typeof zhCN;

const enUS: Record<ReturnsMessageId, string> = {
  'returns.title': 'Live return',
  'returns.explain':
    'Expected return today = Σ(weight × today’s recovery price) ÷ 100000 ÷ box price for the current odds version (the figure beside a box’s price; the return declared at publication does not follow prices, see the box list); realised return = recovery value, at today’s prices, won by the last N openings of that version ÷ (openings × box price). The 95 % band is declared ± 1.96σ/√n and the alert band ± 3σ/√n (σ: the standard deviation of one opening’s return); from {min} openings on, a realised return outside the alert band raises an alert. Publishing a new odds version starts a new count.',
  'returns.search': 'Box name or id',
  'returns.alerts': 'Alerts',
  'returns.alerts.all': 'All boxes',
  'returns.alerts.only': 'Alerts only',
  'returns.window': 'Openings counted',
  'returns.window.n': 'Last {n}',
  'returns.total': '{n} boxes',
  'returns.empty': 'No boxes match',
  'returns.col.box': 'Box',
  'returns.col.price': 'Price',
  'returns.col.openings': 'Openings',
  'returns.col.declared': 'Expected today',
  'returns.col.realised': 'Realised',
  'returns.col.band95': '95 % band',
  'returns.col.alertBand': 'Alert band (±3σ)',
  'returns.col.chart': 'Spread',
  'returns.col.state': 'State',
  'returns.disabled': 'Disabled',
  'returns.version': 'Version {v}',
  'returns.state.alert': 'Out of band',
  'returns.state.ok': 'In band',
  'returns.state.few': 'Too few openings (under {min})',
  'returns.state.none': 'No openings yet',
  'returns.state.free': 'Free box, no return rate',
  'returns.chart': 'Declared {declared}, realised {realised}, alert band {low}–{high}',
};

const catalogues: Record<string, Record<ReturnsMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function formatReturnsMessage(locale: string, id: ReturnsMessageId, values: Record<string, string | number> = {}): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function useReturnsT(): (id: ReturnsMessageId, values?: Record<string, string | number>) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((id, values) => formatReturnsMessage(locale, id, values), [locale]);
}
