/**
 * Every action the audit log records (issue 24 §12): the server's `audited()` takes only these names, the
 * audit list's action filter is tested with each of them, and docs/OPERATIONS.md's table of actions is
 * checked against this list. A new audited change adds its name here (and a row in that table).
 *
 * Names are `<target>.<change>`, camelCase (`player.adjustBalance`); the first operator actions were
 * written kebab-case and keep their names, so that the rows already in the log stay findable.
 */
export const auditActions = [
  // Operators (issue 16 §11, issue 24 §10)
  'operator.create',
  'operator.set-role',
  'operator.disable',
  'operator.enable',
  'operator.reset-totp',
  'operator.totp-enrol',
  'operator.resetPassword',
  'operator.changePassword',
  'operator.endSession',
  'operator.endOtherSessions',
  // Boxes
  'theme.create',
  'theme.update',
  'box.create',
  'box.update',
  'box.publish',
  // Items and the shop
  'item.price',
  'item.import',
  'item.recoveryRule',
  'shop.update',
  'shop.add',
  // Withdrawals, deposits and players
  'withdrawal.approve',
  'withdrawal.retry',
  'withdrawal.fail',
  'withdrawal.complete',
  'withdrawal.reviewApprove',
  'withdrawal.reviewReject',
  'withdrawal.rules',
  'deposit.markReview',
  'deposit.refund',
  'deposit.refundResult',
  'player.freeze',
  'player.unfreeze',
  'player.endSessions',
  'player.adjustBalance',
  'player.releaseWithdrawalHold',
  // Promotions
  'goldenCode.create',
  'goldenCode.disable',
  'goldenCode.enable',
  'redPacket.issue',
  'redPacket.revoke',
  'coupon.issue',
  'coupon.revoke',
  'vip.ladder',
  'promotion.levels',
  'firstDeposit.rate',
  // Site settings (issue 27 §5)
  'dailyTopUp.tiers',
  'invitation.default',
  'site.switches',
  'support.contact',
  // Content
  'content.document.create',
  'content.document.update',
  'content.notice.create',
  'content.notice.update',
  'content.banner.create',
  'content.banner.update',
  'content.banner.imageUpload',
  'content.activity.update',
  // Games
  'battle.cancel',
  'giveaway.createOfficial',
  'giveaway.cancel',
  'dream.settings',
  'bot.update',
  // Insider limits (issue 24 §11)
  'approval.request',
  'approval.approve',
  'approval.reject',
  'approval.expire',
  'limits.settings',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What the action filter accepts: the names above, in any letter case (the list matches them case-blind). */
export const auditActionFilterPattern = /^[A-Za-z0-9._-]*$/;
