export { protectionRoutes } from './routes.js';
export { assertMayPlay, assertMayDeposit, assertBonusAllowed, isExcluded, protectionState } from './service.js';
export { depositRoom, type DepositRoom } from './deposit-room.js';
/** The hot paths' flag, asked inside their own locking statement (decision 0023/0042): `$1` is the user. */
export const PROTECTED_COLUMN = 'EXISTS (SELECT 1 FROM player_protections pp WHERE pp.user_id = $1) AS protected';
