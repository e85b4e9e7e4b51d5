import type { Executor } from '../../platform/db/client.js';
import { depositSums, loadLimits, readProtection } from './repo.js';
import { limitRooms, tightestRoom, windowStarts, type Period } from './service.js';

export interface DepositRoom {
  remainingFen: number;
  limitFen: number;
  period: Period;
  resetsAt: Date;
}

/**
 * What the player may still deposit under their tightest deposit limit, read the way the deposit's own check
 * reads it (issue 30 §3): the recharge panel warns before it submits. Null: no deposit limit in force.
 * Read without the lock, so an order made meanwhile may still be refused by the check itself.
 */
export async function depositRoom(ex: Executor, userId: number, now: Date = new Date()): Promise<DepositRoom | null> {
  if (!(await readProtection(ex, userId))) return null;
  const limits = await loadLimits(ex, userId);
  const rooms = limitRooms('deposit', limits, { day: 0, week: 0, month: 0 }, now);
  if (rooms.length === 0) return null;
  const room = tightestRoom(limitRooms('deposit', limits, await depositSums(ex, userId, windowStarts(now), now), now));
  return room && { remainingFen: Math.max(0, room.remainingFen), limitFen: room.limitFen, period: room.period, resetsAt: room.resetsAt };
}
