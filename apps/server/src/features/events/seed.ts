import type { NewActivity } from './repo.js';

/**
 * The activities every database starts with (issue 15): four daily tasks paying points and one weekly
 * leaderboard. Rows, not code: the operator edits or ends them later; seeding never overwrites an edit.
 * Rewards are in fen of points (积分, worth coins in games: spec §1).
 */
const since = new Date('2026-01-01T00:00:00+08:00');

export const seedActivities: NewActivity[] = [
  {
    slug: 'daily-open-3',
    kind: 'task',
    metric: 'box_opens',
    period: 'day',
    titleZh: '今日开启3个箱子',
    titleEn: 'Open 3 boxes today',
    rulesZh: '北京时间每日0点起，开启任意付费箱子累计3个即可领取奖励（免费箱子不计）。每人每天限领一次，次日0点重置。',
    rulesEn:
      'From 00:00 Beijing time, open any 3 paid boxes (free boxes do not count) to claim. Once per player per day; resets at midnight.',
    target: 3,
    rewardKind: 'point',
    rewardFen: 100,
    startsAt: since,
    sortOrder: 10,
  },
  {
    slug: 'daily-battle-win',
    kind: 'task',
    metric: 'battle_wins',
    period: 'day',
    titleZh: '今日赢得1场对战',
    titleEn: 'Win a battle today',
    rulesZh: '北京时间当日结算的对战中获胜1场即可领取奖励。每人每天限领一次，次日0点重置。',
    rulesEn: 'Win one battle settled today (Beijing time) to claim. Once per player per day; resets at midnight.',
    target: 1,
    rewardKind: 'point',
    rewardFen: 200,
    startsAt: since,
    sortOrder: 20,
  },
  {
    slug: 'daily-dream',
    kind: 'task',
    metric: 'dreams',
    period: 'day',
    titleZh: '今日参与1次追梦',
    titleEn: 'Play a dream today',
    rulesZh: '北京时间当日参与任意一次追梦（无论成败）即可领取奖励。每人每天限领一次，次日0点重置。',
    rulesEn: 'Play any dream today (Beijing time), won or lost, to claim. Once per player per day; resets at midnight.',
    target: 1,
    rewardKind: 'point',
    rewardFen: 100,
    startsAt: since,
    sortOrder: 30,
  },
  {
    slug: 'daily-deposit',
    kind: 'task',
    metric: 'deposits',
    period: 'day',
    titleZh: '今日完成1笔充值',
    titleEn: 'Make a deposit today',
    rulesZh: '北京时间当日完成任意金额的充值1笔即可领取奖励（以到账为准）。每人每天限领一次，次日0点重置。',
    rulesEn:
      'Complete a deposit of any amount today (Beijing time; paid orders only) to claim. Once per player per day; resets at midnight.',
    target: 1,
    rewardKind: 'point',
    rewardFen: 300,
    startsAt: since,
    sortOrder: 40,
  },
  {
    slug: 'weekly-box-opens',
    kind: 'leaderboard',
    metric: 'box_opens',
    period: 'week',
    titleZh: '本周开箱榜',
    titleEn: 'Most boxes opened this week',
    rulesZh:
      '每周一0点至下周一0点（北京时间）统计每位玩家开启付费箱子的数量，数量相同时先注册的玩家在前。周期结束后自动结算，前3名分别获得88元、58元、28元积分奖励，每个名次只发放一次。',
    rulesEn:
      'Counts the paid boxes each player opens from Monday 00:00 to the next Monday 00:00 (Beijing time); ties go to the earlier account. Settled automatically when the week ends: the top 3 receive ¥88, ¥58 and ¥28 in points, each place paid once.',
    rewardKind: 'point',
    prizesFen: [8_800, 5_800, 2_800],
    startsAt: since,
    sortOrder: 100,
  },
];
