import { useCallback } from 'react';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/**
 * The Dashboard screen's strings (issue 16 screen 1), beside the console's catalogue and in the same form
 * (plain `{name}` placeholders), kept apart so they travel with the dashboard's own chunk.
 */
const zhCN = {
  'dashboard.title': '数据概览',
  'dashboard.range': '统计天数',
  'dashboard.rangeDays': '近{days}天',
  'dashboard.today': '今日（{day}，北京时间）',
  'dashboard.deposits': '充值',
  'dashboard.depositCount': '{n} 笔',
  'dashboard.sandboxDeposits': '沙盒充值（测试资金，不计入充值）',
  'dashboard.withdrawals': '提货',
  'dashboard.withdrawalsValue': '申请 {requested} / 已发货 {delivered}',
  'dashboard.openings': '开箱',
  'dashboard.battles': '对战（已结算）',
  'dashboard.dreams': '追梦',
  'dashboard.ggr': '毛收入（GGR）',
  'dashboard.ggrHint': '游戏投注减去游戏发放饰品的回收价',
  'dashboard.newPlayers': '新玩家',
  'dashboard.online': '当前在线',
  'dashboard.chart.money': '每日充值与毛收入（元）',
  'dashboard.chart.games': '每日游戏与新玩家',
  'dashboard.chart.withdrawals': '每日提货',
  'dashboard.requested': '申请',
  'dashboard.delivered': '已发货',
  'dashboard.warning.supportContact': '客服邮箱或在线客服链接仍是示例地址（如 support@skinfair.example），玩家无法联系到客服。',
  'dashboard.warning.fix': '前往 内容管理 → 站点设置 填写',
  'dashboard.warning.imageFallback':
    '商品图片仍会回退到第三方图床：镜像里没有的图片由玩家的浏览器直接向外部主机请求，在中国大陆可能无法加载。请运行图片镜像命令，然后设置 IMAGE_FALLBACK=false 并重启（见 DEPLOY.md「Item images」）。',
};

export type DashboardMessageId = keyof typeof zhCN;

const enUS: Record<DashboardMessageId, string> = {
  'dashboard.title': 'Dashboard',
  'dashboard.range': 'Days',
  'dashboard.rangeDays': 'Last {days} days',
  'dashboard.today': 'Today ({day}, Beijing time)',
  'dashboard.deposits': 'Deposits',
  'dashboard.depositCount': '{n} paid',
  'dashboard.sandboxDeposits': 'Sandbox payments (test money, not deposits)',
  'dashboard.withdrawals': 'Withdrawals',
  'dashboard.withdrawalsValue': '{requested} requested / {delivered} delivered',
  'dashboard.openings': 'Openings',
  'dashboard.battles': 'Battles (settled)',
  'dashboard.dreams': 'Dreams',
  'dashboard.ggr': 'Gross gaming revenue',
  'dashboard.ggrHint': 'Game stakes minus the recovery value of the items games granted',
  'dashboard.newPlayers': 'New players',
  'dashboard.online': 'Online now',
  'dashboard.chart.money': 'Deposits and GGR by day (CNY)',
  'dashboard.chart.games': 'Games and new players by day',
  'dashboard.chart.withdrawals': 'Withdrawals by day',
  'dashboard.requested': 'Requested',
  'dashboard.delivered': 'Delivered',
  'dashboard.warning.supportContact':
    'The support email or chat link is still an example address (such as support@skinfair.example): players cannot reach you.',
  'dashboard.warning.fix': 'Set it under Content → Site settings',
  'dashboard.warning.imageFallback':
    'Item pictures still fall back to the third-party image host: any picture the mirror lacks is fetched by the player’s browser from a foreign host, which may not load from mainland China. Run the image mirror command, then set IMAGE_FALLBACK=false and restart (DEPLOY.md, "Item images").',
};

const catalogues: Record<string, Record<DashboardMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function formatDashboardMessage(locale: string, id: DashboardMessageId, values: Record<string, string | number> = {}): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function useDashboardT(): (id: DashboardMessageId, values?: Record<string, string | number>) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((id, values) => formatDashboardMessage(locale, id, values), [locale]);
}
