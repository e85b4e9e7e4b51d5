import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ErrorCode } from '@skinfair/contract';
import type { Executor, Tx } from '../../platform/db/client.js';
import { queryRows } from '../../platform/db/rows.js';
import { isExcluded } from '../protection/index.js';
import { AppError } from '../../platform/errors.js';
import { findUser } from '../users/index.js';
import { bonusClaims, userDevices } from './tables.js';

/**
 * Bonus caps per real-name identity and per device (docs/decisions/0016). A phone number costs a
 * farmer almost nothing; an ID card costs a person, and a device at least a new browser profile.
 */
export type ClaimRefusal = Extract<
  ErrorCode,
  'BONUS_REAL_NAME_REQUIRED' | 'BONUS_DEVICE_REQUIRED' | 'BONUS_DEVICE_CLAIMED' | 'BONUS_IDENTITY_CLAIMED' | 'PROTECTION_BONUS_EXCLUDED'
>;

export interface ClaimInput {
  /** What is claimed, e.g. `welcome`, `first_deposit`, `golden:12`, `free_box:daily:2026-05-01`. */
  kind: string;
  userId: number;
  deviceId: string | null;
  /** Only real-name-verified players may claim it at all. */
  needsIdentity?: boolean;
}

/** Notes that the account was used from this device (first and last time seen). */
export async function rememberDevice(ex: Executor, userId: number, deviceId: string): Promise<void> {
  await ex
    .insert(userDevices)
    .values({ userId, deviceId })
    .onConflictDoUpdate({ target: [userDevices.userId, userDevices.deviceId], set: { lastSeenAt: sql`now()` } });
}

/**
 * The device the account was last used from: a deposit is completed by the gateway's callback, which
 * carries no device, so the deposit's claims use the device of the player's latest calls.
 */
export async function lastDeviceOf(ex: Executor, userId: number): Promise<string | null> {
  const [row] = await ex
    .select({ deviceId: userDevices.deviceId })
    .from(userDevices)
    .where(eq(userDevices.userId, userId))
    .orderBy(desc(userDevices.lastSeenAt))
    .limit(1);
  return row?.deviceId ?? null;
}

/** The person behind a verified account; one marked verified without an ID hash (by an operator) is its own. */
const identityOf = async (ex: Executor, userId: number) => {
  const user = await findUser(ex, userId);
  if (!user?.verifiedAt) return null;
  return user.idCardHash ?? `account:${userId}`;
};

/**
 * Takes the claim of `kind` for the player's identity (when verified) and device, inside the caller's
 * transaction, or answers why not and leaves nothing behind. A claim already held by the same account
 * counts as its own (repeat rebates of one invitee, a second look at the same grant).
 */
export async function tryClaimBonus(tx: Tx, input: ClaimInput): Promise<ClaimRefusal | null> {
  const { kind, userId, deviceId } = input;
  // No bonus during a cool-off or self-exclusion (issue 18, decision 0042): first deposit, rebates, free boxes, golden codes.
  if (await isExcluded(tx, userId)) return 'PROTECTION_BONUS_EXCLUDED';
  const identity = await identityOf(tx, userId);
  if (input.needsIdentity && !identity) return 'BONUS_REAL_NAME_REQUIRED';
  // Without an identity the device is the only cap, so it cannot be left out.
  if (!identity && !deviceId) return 'BONUS_DEVICE_REQUIRED';
  if (deviceId) await rememberDevice(tx, userId, deviceId);
  const subjects: Array<['identity' | 'device', string]> = [];
  if (identity) subjects.push(['identity', identity]);
  if (deviceId) subjects.push(['device', deviceId]);
  const taken: number[] = [];
  for (const [subjectType, subject] of subjects) {
    const [row] = await tx
      .insert(bonusClaims)
      .values({ kind, subjectType, subject, userId })
      .onConflictDoNothing()
      .returning({ id: bonusClaims.id });
    if (row) {
      taken.push(row.id);
      continue;
    }
    const [held] = await tx
      .select({ userId: bonusClaims.userId })
      .from(bonusClaims)
      .where(and(eq(bonusClaims.kind, kind), eq(bonusClaims.subjectType, subjectType), eq(bonusClaims.subject, subject)));
    if (held?.userId === userId) continue;
    if (taken.length > 0) await tx.delete(bonusClaims).where(inArray(bonusClaims.id, taken));
    return subjectType === 'identity' ? 'BONUS_IDENTITY_CLAIMED' : 'BONUS_DEVICE_CLAIMED';
  }
  return null;
}

/**
 * Whether a claim of `kind` would be refused because another account of this person (when verified) or of
 * the device already holds it. Read-only: what the recharge panel asks before it promises a bonus.
 */
export async function claimHeldByOther(ex: Executor, kind: string, userId: number, deviceId: string | null): Promise<boolean> {
  const identity = await identityOf(ex, userId);
  const subjects: Array<['identity' | 'device', string]> = [];
  if (identity) subjects.push(['identity', identity]);
  if (deviceId) subjects.push(['device', deviceId]);
  for (const [subjectType, subject] of subjects) {
    const [held] = await ex
      .select({ userId: bonusClaims.userId })
      .from(bonusClaims)
      .where(and(eq(bonusClaims.kind, kind), eq(bonusClaims.subjectType, subjectType), eq(bonusClaims.subject, subject)));
    if (held && held.userId !== userId) return true;
  }
  return false;
}

/** The same, refusing with the reason (the caller's transaction rolls back with it). */
export async function claimBonus(tx: Tx, input: ClaimInput): Promise<void> {
  const refusal = await tryClaimBonus(tx, input);
  if (refusal) throw new AppError(refusal, `${input.kind} user ${input.userId}`);
}

/** True when the two accounts were ever used from one device, or belong to one verified person. */
export async function shareDeviceOrIdentity(ex: Executor, a: number, b: number): Promise<boolean> {
  const [ia, ib] = await Promise.all([identityOf(ex, a), identityOf(ex, b)]);
  if (ia && ia === ib) return true;
  const rows = await queryRows<{ shared: boolean }>(
    ex,
    sql`SELECT EXISTS (SELECT 1 FROM user_devices x JOIN user_devices y ON y.device_id = x.device_id
                       WHERE x.user_id = ${a} AND y.user_id = ${b}) AS shared`,
  );
  return rows[0]?.shared === true;
}
