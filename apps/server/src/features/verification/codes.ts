import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import type { Hasher } from '../../platform/secret.js';
import { hitThrottle, releaseThrottle } from '../../platform/throttle/index.js';
import { verificationCodes } from './tables.js';
import { addressKey } from '../../platform/http/exposure.js';

export type CodeChannel = 'sms' | 'mail';

/** security.md "SMS codes": 60 s between sends, 10 a day per number (per address: configuration). */
export const CODE_TTL_S = 300;
export const MAX_PER_DAY = 10;
/**
 * Requests from addresses and devices that never logged into the number's account draw on a separate,
 * smaller daily quota (and their own 60 s gap), so strangers cannot spend the owner's (issue 9 §4).
 */
export const STRANGER_PER_DAY = 5;
export const MAX_WRONG_TRIES = 5;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface IssueLimits {
  resendAfterS: number;
  perIpHour: number;
  dailyBudget: number;
  onBudgetAlarm: (count: number) => void;
}

/**
 * Throttles first (shared by every node, fail closed), then a fresh code replaces any earlier one.
 * Returns the counters it took, so a send the gateway refused can give them back (releaseSendLimits).
 */
export async function checkSendLimits(
  ex: Executor,
  channel: CodeChannel,
  target: string,
  requester: { ip: string; owner: boolean },
  limits: IssueLimits,
): Promise<string[]> {
  const { ip } = requester;
  const [suffix, perDay] = requester.owner ? ['', MAX_PER_DAY] : ['-stranger', STRANGER_PER_DAY];
  const gapKey = `${channel}:gap${suffix}:${target}`;
  const dayKey = `${channel}:day${suffix}:${target}`;
  // An IPv6 client counts per /64, as every per-address limit does (decision 0013).
  const ipKey = `${channel}:ip:${addressKey(ip)}`;
  const globalKey = `${channel}:global:${new Date().toISOString().slice(0, 10)}`;
  const gap = await hitThrottle(ex, gapKey, limits.resendAfterS * 1000, 1);
  if (!gap.allowed) throw new AppError('SMS_TOO_FREQUENT', `${Math.ceil(gap.retryAfterMs / 1000)}s left`);
  if (!(await hitThrottle(ex, dayKey, DAY_MS, perDay)).allowed) throw new AppError('SMS_DAILY_LIMIT');
  if (!(await hitThrottle(ex, ipKey, HOUR_MS, limits.perIpHour)).allowed) throw new AppError('SMS_TOO_FREQUENT', 'ip');
  const global = await hitThrottle(ex, globalKey, DAY_MS, limits.dailyBudget);
  if (global.count >= limits.dailyBudget * 0.8) limits.onBudgetAlarm(global.count);
  if (!global.allowed) throw new AppError('SMS_SEND_FAILED', 'daily budget exhausted');
  return [gapKey, dayKey, ipKey, globalKey];
}

/**
 * Issue 17: a send the gateway refused (or that timed out) spends no quota: the number's gap and daily
 * count, the address's hourly count and the global budget each get their one event back.
 */
export async function releaseSendLimits(ex: Executor, keys: string[]): Promise<void> {
  for (const key of keys) await releaseThrottle(ex, key);
}

const codeMaterial = (channel: CodeChannel, target: string, purpose: string, code: string) => `${channel}:${target}:${purpose}:${code}`;

/** 6 digits from a CSPRNG. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Stored only as a keyed hash, bound to target and purpose, 5 minutes; only once the gateway accepted
 * it (issue 17: a code that was never delivered is never stored as sent).
 */
export async function storeCode(
  ex: Executor,
  hash: Hasher,
  input: { channel: CodeChannel; target: string; purpose: string; ip: string; code: string },
) {
  const { code } = input;
  await ex.insert(verificationCodes).values({
    channel: input.channel,
    target: input.target,
    purpose: input.purpose,
    codeHash: hash('verification-code', codeMaterial(input.channel, input.target, input.purpose, code)),
    expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_S})`,
    ip: input.ip,
  });
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks and consumes a code in its own transaction, so a wrong try is counted even though the caller's
 * request fails. Only the newest unexpired code counts; five wrong tries void it. Returns the code's id
 * (for restoreCode).
 */
export async function consumeCode(
  db: Db,
  hash: Hasher,
  input: { channel: CodeChannel; target: string; purpose: string; code: string },
): Promise<number> {
  const outcome = await runInTransaction(db, async ({ tx }) => {
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.channel, input.channel),
          eq(verificationCodes.target, input.target),
          eq(verificationCodes.purpose, input.purpose),
        ),
      )
      .orderBy(desc(verificationCodes.id))
      .limit(1)
      .for('update');
    if (!row || row.consumedAt || row.expiresAt.getTime() <= Date.now()) return 'invalid' as const;
    if (row.attempts >= MAX_WRONG_TRIES) return 'too-many' as const;
    const given = hash('verification-code', codeMaterial(input.channel, input.target, input.purpose, input.code));
    if (!sameHash(given, row.codeHash)) {
      await tx
        .update(verificationCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verificationCodes.id, row.id));
      return row.attempts + 1 >= MAX_WRONG_TRIES ? ('too-many' as const) : ('invalid' as const);
    }
    await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, sql`now()`)));
    return row.id;
  });
  if (outcome === 'invalid') throw new AppError('SMS_CODE_INVALID');
  if (outcome === 'too-many') throw new AppError('SMS_CODE_TOO_MANY_TRIES');
  return outcome;
}

/**
 * Gives a consumed code back while it is still valid: the step it confirmed could not be done for a
 * reason that is not the player's (issue 17: the real-name provider failed), so the player retries with
 * the same code instead of spending another send.
 */
export async function restoreCode(db: Db, codeId: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: null })
    .where(and(eq(verificationCodes.id, codeId), gt(verificationCodes.expiresAt, sql`now()`)));
}
