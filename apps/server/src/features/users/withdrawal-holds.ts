import type { Executor, Tx } from '../../platform/db/client.js';
import { beijingTime } from '../../platform/db/beijing-day.js';
import { AppError } from '../../platform/errors.js';
import { hasLoggedInFrom, hasLoginHistory } from '../../platform/auth/index.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { loadSiteSettings } from '../common/index.js';
import { sendMessage } from '../messages/index.js';
import { activeWithdrawalHolds, insertWithdrawalHold, markHoldReleased, type WithdrawalHoldRow } from './repo.js';
import type { WithdrawalHoldReason } from './tables.js';

/** The durable job that sends a security notice by SMS (security-notice-job.ts). */
export const SECURITY_NOTICE_JOB = 'users.securityNotice';

const changeText: Record<WithdrawalHoldReason, { zh: string; en: string }> = {
  trade_url: { zh: '交易链接已更换', en: 'trade link changed' },
  password: { zh: '登录密码已修改', en: 'password changed' },
  phone: { zh: '绑定手机号已更换', en: 'phone number changed' },
  new_device: { zh: '在新设备上登录', en: 'login from a new device' },
};

export interface HoldNotice {
  /** The number told by SMS: the bound one, or for a phone change the number it replaced. */
  phone: string | null;
  /** A new-device login's address, named in the in-site message. */
  ip?: string;
}

/**
 * Issue 24 §2 (decision 0045): after a change a thief would make, withdrawals wait the console's hours
 * (`withdrawalHoldHours`, 0: no hold). Called in the change's own transaction, so the hold, the in-site
 * message and the SMS job commit with the change or not at all; the SMS itself goes out from the job, so a
 * gateway failure never undoes the change. Withdrawals requested before the change keep their link.
 */
export async function holdWithdrawals(
  tx: Executor,
  userId: number,
  reason: WithdrawalHoldReason,
  notice: HoldNotice,
): Promise<Date | null> {
  const settings = await loadSiteSettings(tx);
  const hours = settings.withdrawalHoldHours;
  const hold = hours > 0 ? await insertWithdrawalHold(tx, userId, reason, hours) : null;
  const at = beijingTime(hold?.createdAt ?? new Date());
  const what = reason === 'new_device' && notice.ip ? `${changeText[reason].zh}（IP ${notice.ip}）` : changeText[reason].zh;
  const stop = `如非本人操作，请立即修改登录密码（其他设备将被退出），并联系客服（${settings.customerServiceUrl}）。`;
  const wait = hold ? `为保护您的饰品，提取将暂缓至 ${beijingTime(hold.until)}（北京时间），届时自动恢复。` : '';
  await sendMessage(tx, userId, {
    type: 'security',
    title: '账户安全提醒',
    content: `您的账户于 ${at}（北京时间）${what}。${wait}${stop}`,
  });
  // The SMS notice template speaks of the wait; with holds off only the in-site message goes out.
  if (hold && notice.phone) {
    const until = beijingTime(hold.until).slice(5);
    await enqueueJob(tx, {
      kind: SECURITY_NOTICE_JOB,
      payload: {
        phone: notice.phone,
        change: changeText[reason].zh,
        until,
        text: `【Skinfair】您的账户${changeText[reason].zh}，饰品提取暂缓至${until}（北京时间）。如非本人操作，请立即修改密码并联系客服。`,
      },
      dedupeKey: `security-notice:${hold.id}`,
      maxAttempts: 5,
    });
  }
  return hold?.until ?? null;
}

/**
 * A login from a device and an address the account has never logged in from, on an account that has logged
 * in before (its sign-up is not a new device), holds withdrawals. Called before the new session is written.
 */
export async function holdIfNewDevice(
  tx: Executor,
  user: { id: number; mobile: string | null },
  from: { ip: string; deviceId?: string | null | undefined },
): Promise<void> {
  if (!(await hasLoginHistory(tx, user.id))) return;
  if (await hasLoggedInFrom(tx, user.id, { ip: from.ip, deviceId: from.deviceId ?? null })) return;
  await holdWithdrawals(tx, user.id, 'new_device', { phone: user.mobile, ip: from.ip });
}

/** When withdrawals may resume (the latest end of the holds in force); null: no hold. */
export async function withdrawalHoldUntil(ex: Executor, userId: number): Promise<Date | null> {
  const holds = await activeWithdrawalHolds(ex, userId);
  return holds.length ? new Date(Math.max(...holds.map((h) => h.until.getTime()))) : null;
}

/** ornamentRetrieval's check: refused while a hold is in force, the message naming its end and why. */
export async function assertNoWithdrawalHold(ex: Executor, userId: number): Promise<void> {
  const holds = await activeWithdrawalHolds(ex, userId);
  if (holds.length === 0) return;
  const until = beijingTime(new Date(Math.max(...holds.map((h) => h.until.getTime()))));
  const reasons = [...new Set(holds.map((h) => h.reason))];
  throw new AppError('WITHDRAWAL_HOLD', `hold until ${until}`, {
    zh: `提取暂缓至 ${until}（北京时间）：您的账户近期${reasons.map((r) => changeText[r].zh).join('、')}。如非本人操作，请立即修改密码并联系客服。`,
    en: `Withdrawals are paused until ${until} (Beijing time) after a recent change to your account (${reasons.map((r) => changeText[r].en).join(', ')}). If this was not you, change your password now and contact support.`,
  });
}

/** An operator ends a hold early; null when it is not in force (released already, or over). */
export const releaseWithdrawalHold = (tx: Tx, holdId: number, operatorId: number | null, note: string): Promise<WithdrawalHoldRow | null> =>
  markHoldReleased(tx, holdId, operatorId, note);

export { activeWithdrawalHolds, type WithdrawalHoldRow };
