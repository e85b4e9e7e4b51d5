import net from 'node:net';
import type { Executor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { hitThrottle, peekThrottle } from '../../platform/throttle/index.js';
import { addressKey, isLoopbackHost } from '../../platform/http/exposure.js';

const HOUR_MS = 3_600_000;

/**
 * Per address range and hour (docs/decisions/0014-slider-captcha.md): a script that rotates addresses
 * inside its /24 or /64 shares one budget. Generous for an office or a campus behind one range, and far
 * below what a solver needs to be worth running.
 */
export const SLIDER_RANGE_BUDGET = { puzzlesPerHour: 200, wrongAnswersPerHour: 60 } as const;

/** The range an address belongs to: its IPv4 /24 or its IPv6 /64 (an IPv4-mapped IPv6 address is IPv4). */
export function addressRange(ip: string): string {
  const key = addressKey(ip);
  return net.isIPv4(key) ? `${key.split('.').slice(0, 3).join('.')}.0/24` : key;
}

/**
 * Sandbox tools exist for end-to-end tests and demos on this machine (decision 0006): there a loopback
 * client solves many puzzles in an hour on purpose. Nowhere else is any address exempt.
 */
export const budgetExempt = (sandboxTools: boolean, ip: string) => sandboxTools && isLoopbackHost(ip);

const keys = (ip: string) => {
  const range = addressRange(ip);
  return { puzzles: `slider:puzzles:${range}`, wrong: `slider:wrong:${range}` };
};

async function refuseIfTooManyWrong(ex: Executor, ip: string): Promise<void> {
  const wrong = await peekThrottle(ex, keys(ip).wrong, HOUR_MS);
  if (wrong.count >= SLIDER_RANGE_BUDGET.wrongAnswersPerHour) throw new AppError('SLIDER_RANGE_LIMITED', 'wrong answers');
}

/** Before a puzzle is drawn: counts it, refused once the range has had its puzzles or its wrong answers. */
export async function spendPuzzleBudget(ex: Executor, ip: string): Promise<void> {
  await refuseIfTooManyWrong(ex, ip);
  const puzzles = await hitThrottle(ex, keys(ip).puzzles, HOUR_MS, SLIDER_RANGE_BUDGET.puzzlesPerHour);
  if (!puzzles.allowed) throw new AppError('SLIDER_RANGE_LIMITED', 'puzzles');
}

/** Before an answer is judged (the puzzle is not burnt when the range is over its budget). */
export const checkAnswerBudget = (ex: Executor, ip: string) => refuseIfTooManyWrong(ex, ip);

export async function countWrongAnswer(ex: Executor, ip: string): Promise<void> {
  await hitThrottle(ex, keys(ip).wrong, HOUR_MS, SLIDER_RANGE_BUDGET.wrongAnswersPerHour);
}
