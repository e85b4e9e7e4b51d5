import type { AdminPermission } from '@skinfair/contract';
import type { AdminMessageId } from './i18n/messages';

/** The 11 screens of issue 16, in its order, and issue 24's limits and approvals. */
export interface AdminScreen {
  path: string;
  label: AdminMessageId;
  permission: AdminPermission;
}

export const adminScreens: AdminScreen[] = [
  { path: 'dashboard', label: 'admin.nav.dashboard', permission: 'dashboard.read' },
  { path: 'boxes', label: 'admin.nav.boxes', permission: 'boxes.read' },
  { path: 'returns', label: 'admin.nav.returns', permission: 'boxes.read' },
  { path: 'items', label: 'admin.nav.items', permission: 'items.read' },
  { path: 'withdrawals', label: 'admin.nav.withdrawals', permission: 'withdrawals.read' },
  { path: 'players', label: 'admin.nav.players', permission: 'players.read' },
  { path: 'deposits', label: 'admin.nav.deposits', permission: 'deposits.read' },
  { path: 'promotions', label: 'admin.nav.promotions', permission: 'promotions.read' },
  { path: 'games', label: 'admin.nav.games', permission: 'games.read' },
  // Issue 24 §11: approvals and the value each operator created today.
  { path: 'limits', label: 'admin.nav.limits', permission: 'dashboard.read' },
  { path: 'content', label: 'admin.nav.content', permission: 'content.read' },
  { path: 'operators', label: 'admin.nav.operators', permission: 'operators.read' },
];

/** The audit log belongs to the Operators screen (issue 16 §11) and has its own page. */
export const auditScreen: AdminScreen = {
  path: 'audit',
  label: 'admin.nav.audit',
  permission: 'audit.read',
};

/**
 * Where the console opens (issue 30 §9): the first screen the role may see, in the sidebar's order, so the
 * overview (数据概览) for every role that has it; the operator's own account for a role that has no screen.
 */
export function landingPath(may: (permission: AdminPermission) => boolean): string {
  return adminScreens.find((screen) => may(screen.permission))?.path ?? 'account';
}
