/**
 * Why money moved. Each code is its own ledger kind so flow records can label it and audits can sum it
 * (e.g. every bonus separately). Features add their codes here; labels are what the flow page shows.
 */
export const transferCodes = {
  deposit: '充值',
  deposit_bonus: '首充奖励',
  vip_recharge_bonus: 'VIP充值加赠',
  recharge_coupon_bonus: '充值券加赠',
  daily_topup_reward: '每日充值奖励',
  deposit_refund: '充值退款',
  deposit_bonus_clawback: '充值奖励扣回',
  deposit_refund_reversal: '退款未成功，退回',
  promotion_rebate_clawback: '推广返利扣回',
  case_open: '开箱',
  shop_buy: '商城购买',
  virtual_buy: '购买虚拟物品',
  item_exchange: '饰品兑换',
  battle_stake: '对战报名',
  battle_refund: '对战退款',
  battle_win: '对战奖励',
  battle_rank_reward: '对战排行奖励',
  dream_fee: '追梦',
  giveaway_prize: 'Roll房奖励',
  event_task_reward: '活动任务奖励',
  event_rank_reward: '活动排行奖励',
  promotion_rebate: '推广返利',
  golden_code: 'Golden Code',
  vip_reward: 'VIP奖励',
  vip_points: 'VIP积分奖励',
  red_packet: '红包',
  secondary_transfer: '余额转换',
  demo_credit: '沙盒体验金（演示）',
  adjustment: '人工调整',
} as const;

export type TransferCode = keyof typeof transferCodes;

export const isTransferCode = (value: string): value is TransferCode => Object.prototype.hasOwnProperty.call(transferCodes, value);
