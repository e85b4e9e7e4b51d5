import { GiveawayState, type GiveawayRoom } from '@skinfair/contract';

/** Why the join button is off, first reason first; null when it may be pressed. */
export type JoinBlock = 'cancelled' | 'ended' | 'closed' | 'joined' | 'account' | 'deposit' | 'promotion' | 'vip' | 'password' | null;

/**
 * What the room page tells a logged-in viewer before they try (the server checks again at join). A guest
 * is not blocked here: the button asks them to log in.
 */
export function joinBlock(room: GiveawayRoom, nowMs: number, password: string): JoinBlock {
  if (room.state === GiveawayState.cancelled) return 'cancelled';
  if (room.state !== GiveawayState.running) return 'ended';
  if (nowMs >= Date.parse(room.openTime)) return 'closed';
  if (room.joinFlag) return 'joined';
  const e = room.eligibility;
  if (e) {
    if (!e.account) return 'account';
    if (!e.deposit) return 'deposit';
    if (!e.promotion) return 'promotion';
    if (!e.vip) return 'vip';
  }
  if (room.pwdFlag && password.trim() === '') return 'password';
  return null;
}
