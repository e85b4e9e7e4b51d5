import { limits } from '@skinfair/contract';
import { removeToken } from '../storage/token';
import { openOverlay } from '../stores/overlay-store';

/**
 * Spec §4/§9: a 401 removes the token and starts the login flow once. Several calls failing together
 * must open one panel, so re-entry within 1000 ms is ignored; the panel opens after 200 ms so that the
 * page can settle (queries re-rendering as logged-out) first.
 */
let lastStartMs = Number.NEGATIVE_INFINITY;

export function startLoginFlow(): boolean {
  removeToken();
  const now = Date.now();
  if (now - lastStartMs < limits.unauthorizedGuardMs) return false;
  lastStartMs = now;
  setTimeout(() => openOverlay('login'), limits.loginFlowDelayMs);
  return true;
}

/** Tests start every case with a fresh guard. */
export function resetLoginFlowGuard(): void {
  lastStartMs = Number.NEGATIVE_INFINITY;
}
