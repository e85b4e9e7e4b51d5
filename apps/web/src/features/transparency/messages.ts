import { useCallback } from 'react';
import { useLocaleStore } from '../../shared/i18n/locale-store';

/**
 * The transparency page's strings (issue 18), zh-CN first and en-US second, in the page's own chunk so
 * the first visit's catalogue does not grow (the /home budget). Plain `{name}` placeholders.
 */
const zhCN = {
  'tp.intro':
    '本页公开本站每个游戏的申报回报率与实际回报率、饰品提取的速度和失败率，以及对战机器人的战绩与盈亏。无需登录，数据每分钟更新。',
  'tp.window': '统计时间范围',
  'tp.window.24h': '最近 24 小时',
  'tp.window.30d': '最近 30 天',
  'tp.window.all': '全部时间',
  'tp.explain.title': '这些数字是什么意思？',
  'tp.explain.declared':
    '申报回报率：按公开的概率表（或梦想概率与费用）计算，玩家每花 1 元平均能拿回多少价值。例如 95% 表示长期平均每 100 元拿回 95 元的饰品价值。',
  'tp.explain.realised': '实际回报率：统计时间范围内所有真实游戏的结果，赢得的饰品价值 ÷ 游戏价格。',
  'tp.explain.band':
    '95% 波动区间：即使概率完全公平，少量游戏的结果也会随机偏离申报值。游戏次数越多，区间越窄；公平的游戏有 95% 的时候，实际回报率会落在这个区间内。超出 3 倍标准误差时会标为“异常”，运营后台同时告警。',
  'tp.explain.value':
    '饰品价值按回收价计算：开箱按当前回收价（所以箱子的回报率是当前期望回报率，与箱子页价格旁的数字相同，而不是箱子发布时申报的数字），对战按建房时锁定的价格，梦想按目标饰品下单时的价格。',
  'tp.games.title': '各游戏回报率',
  'tp.games.caption': '各游戏的申报回报率、实际回报率与 95% 波动区间（{window}）',
  'tp.game.box': '开箱（全部箱子合计）',
  'tp.game.battle': '对战（每个座位每一轮算一次开箱）',
  'tp.game.dream': '追梦',
  'tp.col.game': '游戏',
  'tp.col.box': '箱子',
  'tp.col.price': '价格',
  'tp.col.plays': '次数',
  'tp.col.declared': '申报回报率',
  'tp.col.liveExpected': '当前期望回报率',
  'tp.col.realised': '实际回报率',
  'tp.col.band': '95% 波动区间',
  'tp.col.chart': '图示',
  'tp.col.status': '状态',
  'tp.status.none': '暂无记录',
  'tp.status.few': '次数较少，仅供参考',
  'tp.status.inBand': '正常',
  'tp.status.alert': '异常',
  'tp.status.free': '免费，不计回报率',
  'tp.legend': '图例：色带为 95% 波动区间，白线为申报回报率，圆点为实际回报率。',
  'tp.boxes.title': '各箱子回报率',
  'tp.boxes.caption': '每个箱子的当前期望回报率（按今日回收价）、实际回报率与 95% 波动区间（{window}）',
  'tp.boxes.empty': '暂无箱子',
  'tp.withdrawals.title': '饰品提取',
  'tp.withdrawals.caption': '最近 {days} 天完成的饰品提取',
  'tp.withdrawals.median': '从申请到发货的中位时间',
  'tp.withdrawals.p95': '95% 的提取在此时间内完成',
  'tp.withdrawals.failedShare': '失败并退回背包的比例',
  'tp.withdrawals.delivered': '成功发货',
  'tp.withdrawals.failed': '失败退回',
  'tp.withdrawals.inProgress': '处理中',
  'tp.withdrawals.empty': '最近 {days} 天没有完成的提取。',
  'tp.withdrawals.note': '时间从申请提取算起，到饰品发送到您的 Steam 账户为止。失败的提取会把饰品退回背包。',
  'tp.bots.title': '对战机器人战绩',
  'tp.bots.caption': '本站机器人参与的全部已结束对战',
  'tp.bots.explain':
    '机器人由本站安排入座，不付入场费，赢得的饰品留在本站。公平的抽奖下，N 人对战中每个座位获胜的概率是 1/N，因此“预期胜场”是各场 1/N 之和；实际胜场应落在其 95% 区间内。“座位结果”是机器人按玩家的算法计算的盈亏（赢得价值 − 入场价值），“本站盈亏”是本站在这些座位上实际多留或送出的饰品价值。',
  'tp.bots.empty': '暂无机器人对战记录',
  'tp.col.bot': '机器人',
  'tp.col.played': '参与',
  'tp.col.won': '胜',
  'tp.col.lost': '负',
  'tp.col.expectedWins': '预期胜场（95% 区间）',
  'tp.col.stake': '入场价值',
  'tp.col.valueWon': '赢得价值',
  'tp.col.net': '座位结果',
  'tp.col.house': '本站盈亏',
  'tp.loading': '正在加载…',
  'tp.failed': '数据加载失败',
  'tp.retry': '重试',
  'tp.updated': '数据生成于 {time}（每分钟更新）',
  'tp.seconds': '{n} 秒',
  'tp.minutes': '{n} 分钟',
  'tp.hours': '{n} 小时',
};

export type TransparencyMessageId = keyof typeof zhCN;

const enUS: Record<TransparencyMessageId, string> = {
  'tp.intro':
    'This page publishes, for every game on the site, the declared and the realised return, how fast withdrawals are delivered and how many fail, and the record and profit and loss of the battle bots. No login needed; the figures refresh every minute.',
  'tp.window': 'Time window',
  'tp.window.24h': 'Last 24 hours',
  'tp.window.30d': 'Last 30 days',
  'tp.window.all': 'All time',
  'tp.explain.title': 'What do these figures mean?',
  'tp.explain.declared':
    'Declared return: what a player gets back on average for every 1 yuan spent, computed from the published odds (or a dream’s probability and fee). 95% means 95 yuan of item value for every 100 yuan in the long run.',
  'tp.explain.realised':
    'Realised return: the value of the items actually won ÷ the price of the plays, over every real play in the window.',
  'tp.explain.band':
    '95% band: even with perfectly fair odds, a few plays wander away from the declared return by chance. The more plays, the narrower the band; a fair game’s realised return falls inside it 95% of the time. Beyond 3 standard errors it is marked “unusual” and the operators are alerted.',
  'tp.explain.value':
    'Item values are recovery prices: today’s for box openings (so a box’s return is its expected return today, the figure beside its price, not the one declared when it was published), the ones fixed when the room was created for battles, the target’s price at the time for dreams.',
  'tp.games.title': 'Return by game',
  'tp.games.caption': 'Declared and realised return of each game with the 95% band ({window})',
  'tp.game.box': 'Box openings (all boxes)',
  'tp.game.battle': 'Battles (each seat’s round is one opening)',
  'tp.game.dream': 'Dream chasing',
  'tp.col.game': 'Game',
  'tp.col.box': 'Box',
  'tp.col.price': 'Price',
  'tp.col.plays': 'Plays',
  'tp.col.declared': 'Declared return',
  'tp.col.liveExpected': 'Expected return today',
  'tp.col.realised': 'Realised return',
  'tp.col.band': '95% band',
  'tp.col.chart': 'Chart',
  'tp.col.status': 'Status',
  'tp.status.none': 'No plays yet',
  'tp.status.few': 'Few plays, indicative only',
  'tp.status.inBand': 'Normal',
  'tp.status.alert': 'Unusual',
  'tp.status.free': 'Free, no return rate',
  'tp.legend': 'Legend: the shaded bar is the 95% band, the white line the declared return, the dot the realised return.',
  'tp.boxes.title': 'Return by box',
  'tp.boxes.caption': 'Expected return today (at today’s recovery prices) and realised return of each box with the 95% band ({window})',
  'tp.boxes.empty': 'No boxes',
  'tp.withdrawals.title': 'Withdrawals',
  'tp.withdrawals.caption': 'Withdrawals finished in the last {days} days',
  'tp.withdrawals.median': 'Median time from request to delivery',
  'tp.withdrawals.p95': '95% are delivered within',
  'tp.withdrawals.failedShare': 'Share that failed and were returned',
  'tp.withdrawals.delivered': 'Delivered',
  'tp.withdrawals.failed': 'Failed and returned',
  'tp.withdrawals.inProgress': 'In progress',
  'tp.withdrawals.empty': 'No withdrawal finished in the last {days} days.',
  'tp.withdrawals.note':
    'Timed from the request to the item reaching your Steam account. A failed withdrawal returns the item to your backpack.',
  'tp.bots.title': 'Battle bots',
  'tp.bots.caption': 'Every finished battle the site’s bots sat in',
  'tp.bots.explain':
    'The site seats its bots; they pay no entry and the items they win stay with the site. With a fair draw each seat of an N-seat battle wins 1 time in N, so “expected wins” is the sum of 1/N over its battles, and the real wins should fall in its 95% band. “Seat result” is the bot’s result counted as a player’s (value won − entry value); “house result” is the item value the site actually kept or gave away on those seats.',
  'tp.bots.empty': 'No bot battles yet',
  'tp.col.bot': 'Bot',
  'tp.col.played': 'Played',
  'tp.col.won': 'Won',
  'tp.col.lost': 'Lost',
  'tp.col.expectedWins': 'Expected wins (95% band)',
  'tp.col.stake': 'Entry value',
  'tp.col.valueWon': 'Value won',
  'tp.col.net': 'Seat result',
  'tp.col.house': 'House result',
  'tp.loading': 'Loading…',
  'tp.failed': 'Could not load the figures',
  'tp.retry': 'Retry',
  'tp.updated': 'Computed at {time} (refreshed every minute)',
  'tp.seconds': '{n} s',
  'tp.minutes': '{n} min',
  'tp.hours': '{n} h',
};

const catalogues: Record<string, Record<TransparencyMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function formatTransparencyMessage(locale: string, id: TransparencyMessageId, values: Record<string, string | number> = {}): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function useTransparencyT(): (id: TransparencyMessageId, values?: Record<string, string | number>) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((id, values) => formatTransparencyMessage(locale, id, values), [locale]);
}
