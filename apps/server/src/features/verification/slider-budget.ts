import net from 'node:net';
import type { Executor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { hitThrottle, peekThrottle } from '../../platform/throttle/index.js';

const HOUR_MS = 3_600_000;

/**
 * Per address range and hour (docs/decisions/0014-slider-captcha.md): a script that rotates addresses
 * inside its /24 or /64 shares one budget. Generous for an office or a campus behind one range, and far
 * below what a solver needs to be worth running.
 */
export const SLIDER_RANGE_BUDGET = { puzzlesPerHour: 200, wrongAnswersPerHour: 60 } as const;

/** The range an address belongs to: its IPv4 /24 or its IPv6 /64 (an IPv4-mapped IPv6 address is IPv4). */
export function addressRange(ip: string): string {
  const plain = ip.toLowerCase().startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (net.isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0/24`;
  if (!net.isIPv6(plain)) return plain;
  const [head = '', tail] = plain.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail sits in the low 64 bits, which the /64 drops anyway; it only takes two groups.
  if (right.length && net.isIPv4(right.at(-1)!)) right.splice(-1, 1, '0', '0');
  else if (!right.length && left.length && net.isIPv4(left.at(-1)!)) left.splice(-1, 1, '0', '0');
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

const isLoopback = (ip: string) => ip.startsWith('127.') || ip === '::1' || ip.toLowerCase().startsWith('::ffff:127.');

/**
 * Sandbox tools exist for end-to-end tests and demos on this machine (decision 0006): there a loopback
 * client solves many puzzles in an hour on purpose. Nowhere else is any address exempt.
 */
export const budgetExempt = (sandboxTools: boolean, ip: string) => sandboxTools && isLoopback(ip);

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
