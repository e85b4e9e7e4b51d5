import type { AdminPermission } from '@skinfair/contract';
import type { AdminMessageId } from './i18n/messages';

/** The 11 screens of issue 16, in its order; `built` says which this stage delivers. */
export interface AdminScreen {
  path: string;
  label: AdminMessageId;
  permission: AdminPermission;
  built: boolean;
}

export const adminScreens: AdminScreen[] = [
  { path: 'dashboard', label: 'admin.nav.dashboard', permission: 'dashboard.read', built: true },
  { path: 'boxes', label: 'admin.nav.boxes', permission: 'boxes.read', built: true },
  { path: 'returns', label: 'admin.nav.returns', permission: 'boxes.read', built: true },
  { path: 'items', label: 'admin.nav.items', permission: 'items.read', built: true },
  { path: 'withdrawals', label: 'admin.nav.withdrawals', permission: 'withdrawals.read', built: true },
  { path: 'players', label: 'admin.nav.players', permission: 'players.read', built: true },
  { path: 'deposits', label: 'admin.nav.deposits', permission: 'deposits.read', built: true },
  { path: 'promotions', label: 'admin.nav.promotions', permission: 'promotions.read', built: true },
  { path: 'games', label: 'admin.nav.games', permission: 'games.read', built: true },
  { path: 'content', label: 'admin.nav.content', permission: 'content.read', built: true },
  { path: 'operators', label: 'admin.nav.operators', permission: 'operators.read', built: true },
];

/** The audit log belongs to the Operators screen (issue 16 §11) and has its own page. */
export const auditScreen: AdminScreen = {
  path: 'audit',
  label: 'admin.nav.audit',
  permission: 'audit.read',
  built: true,
};
