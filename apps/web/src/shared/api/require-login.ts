import { isLoggedIn } from '../storage/token';
import { openOverlay } from '../stores/overlay-store';

/** For actions that need an account: true when logged in, else the login tip opens (spec §2, §6). */
export function requireLogin(): boolean {
  if (isLoggedIn()) return true;
  openOverlay('loginTip');
  return false;
}
