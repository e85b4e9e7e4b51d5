import { useCallback } from 'react';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/**
 * The operator's own account and the admins' password resets (issue 24 §10, decision 0047): the account
 * page, the forced password change after a reset, and the one-time password shown once on the Operators
 * screen. Beside the console's catalogue, in the same form.
 */
const zhCN = {
  'account.nav': '我的账户',
  'account.title': '我的账户',
  'account.password.title': '修改密码',
  'account.password.current': '当前密码',
  'account.password.new': '新密码（至少12位，不含空格）',
  'account.password.confirm': '再次输入新密码',
  'account.password.submit': '修改密码',
  'account.password.rule': '新密码至少12位，不含空格',
  'account.password.mismatch': '两次输入的新密码不一致',
  'account.password.same': '新密码不能与当前密码相同',
  'account.password.done': '密码已修改，其他会话已退出（{n} 个）',
  'account.forced.title': '设置新密码',
  'account.forced.hint': '你正在使用管理员发放的一次性密码（或他人设置的初始密码）。请设置只有你知道的新密码，之后才能使用管理后台。',
  'account.forced.current': '一次性密码',
  'account.sessions.title': '我的登录会话',
  'account.sessions.hint': '不认识的会话请立即结束，并修改密码。“仅密码”表示有人已通过密码、尚未通过两步验证。',
  'account.sessions.col.created': '登录时间',
  'account.sessions.col.lastSeen': '最近活动',
  'account.sessions.col.ip': 'IP 地址',
  'account.sessions.col.stage': '状态',
  'account.sessions.col.actions': '操作',
  'account.sessions.verified': '已验证',
  'account.sessions.pending': '仅密码',
  'account.sessions.current': '当前会话',
  'account.sessions.end': '结束',
  'account.sessions.endCurrent': '退出',
  'account.sessions.endOthers': '结束其他所有会话',
  'account.sessions.confirmEndOthers': '结束除当前会话外的所有会话？',
  'account.sessions.ended': '已结束 {n} 个会话',
  'account.sessions.empty': '没有其他会话',
  'account.reset.password': '重置密码',
  'account.reset.confirmPassword': '重置「{name}」的密码？将生成一次性密码，其所有会话立即结束，下次登录并通过两步验证后必须设置新密码。',
  'account.reset.confirmTotp':
    '重置「{name}」的两步验证？密码也会同时重置为一次性密码，其所有会话立即结束；下次登录时用一次性密码重新扫码设置，然后设置新密码。',
  'account.reset.title': '「{name}」的一次性密码',
  'account.reset.once': '此密码只显示这一次，关闭后无法再次查看。请通过安全渠道交给本人。',
  'account.reset.expires': '有效期至 {at}，过期后需重新重置。',
  'account.reset.copy': '复制',
  'account.reset.copied': '已复制',
  'account.reset.copyFailed': '无法复制，请手动选择复制',
  'account.reset.close': '我已记下，关闭',
  'account.operators.mustChange': '待改密码',
  'account.operators.initialHint':
    '初始密码由你设置，仅供首次登录：对方通过两步验证后须改为自己的密码；72小时内未登录则失效，可再重置密码。',
};

export type AccountMessageId = keyof typeof zhCN;

const enUS: Record<AccountMessageId, string> = {
  'account.nav': 'My account',
  'account.title': 'My account',
  'account.password.title': 'Change password',
  'account.password.current': 'Current password',
  'account.password.new': 'New password (at least 12 characters, no spaces)',
  'account.password.confirm': 'New password again',
  'account.password.submit': 'Change password',
  'account.password.rule': 'The new password needs at least 12 characters and no spaces',
  'account.password.mismatch': 'The two new passwords differ',
  'account.password.same': 'The new password must differ from the current one',
  'account.password.done': 'Password changed; {n} other sessions ended',
  'account.forced.title': 'Set a new password',
  'account.forced.hint':
    'You logged in with a one-time password from an admin (or an initial password someone else chose). Set a password only you know before using the console.',
  'account.forced.current': 'One-time password',
  'account.sessions.title': 'My sessions',
  'account.sessions.hint':
    'End any session you do not recognise and change your password. "Password only" means someone passed the password but not yet two-factor.',
  'account.sessions.col.created': 'Logged in',
  'account.sessions.col.lastSeen': 'Last active',
  'account.sessions.col.ip': 'IP address',
  'account.sessions.col.stage': 'Stage',
  'account.sessions.col.actions': 'Actions',
  'account.sessions.verified': 'Verified',
  'account.sessions.pending': 'Password only',
  'account.sessions.current': 'This session',
  'account.sessions.end': 'End',
  'account.sessions.endCurrent': 'Log out',
  'account.sessions.endOthers': 'End all other sessions',
  'account.sessions.confirmEndOthers': 'End every session except this one?',
  'account.sessions.ended': '{n} sessions ended',
  'account.sessions.empty': 'No other sessions',
  'account.reset.password': 'Reset password',
  'account.reset.confirmPassword':
    'Reset the password of "{name}"? A one-time password is made, their sessions end now, and after logging in and passing two-factor they must set a new password.',
  'account.reset.confirmTotp':
    'Reset the two-factor of "{name}"? Their password is reset to a one-time password too and their sessions end now; at the next login they scan a new code with it, then set a new password.',
  'account.reset.title': 'One-time password for "{name}"',
  'account.reset.once': 'Shown only this once: it cannot be seen again after closing. Hand it to them over a safe channel.',
  'account.reset.expires': 'Works until {at}; after that, reset again.',
  'account.reset.copy': 'Copy',
  'account.reset.copied': 'Copied',
  'account.reset.copyFailed': 'Could not copy; select it and copy by hand',
  'account.reset.close': 'I have it, close',
  'account.operators.mustChange': 'New password due',
  'account.operators.initialHint':
    'You choose the initial password for the first login only: after two-factor they must replace it with their own. Unused for 72 hours, it stops working; reset the password then.',
};

const catalogues: Record<string, Record<AccountMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function formatAccountMessage(locale: string, id: AccountMessageId, values: Record<string, string | number> = {}): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function useAccountT(): (id: AccountMessageId, values?: Record<string, string | number>) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((id, values) => formatAccountMessage(locale, id, values), [locale]);
}
