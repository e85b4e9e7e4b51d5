import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../platform/db/client.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { pgConstraint, pgErrorCode } from '../../platform/db/pg-errors.js';
import { AppError } from '../../platform/errors.js';
import { findOtherUserByIdCardHash, requireActiveUser, updateUser, type UserRow } from '../users/index.js';
import { restoreSmsCode, verifySmsCode } from '../verification/index.js';
import { payHeldFirstDepositBonus } from '../payments/index.js';
import { ageOn, maskRealName, parseIdCard, todayInChina } from './id-card.js';
import { CertificationUnavailableError } from '../../platform/providers/index.js';
import { hitThrottle, peekThrottle } from '../../platform/throttle/index.js';
import { certifications, realNameChecks } from './tables.js';

type Ctx = Pick<AppContext, 'db' | 'hash' | 'certification'> & { config: Pick<AppContext['config'], 'realName'> };

const DAY_MS = 86_400_000;
const attemptsKey = (userId: number) => `realname:mismatch:${userId}`;

interface Identity {
  realName: string;
  idCard: string;
}

/**
 * Format, check character, birth date and age, before any provider is asked. Under 18 marks the account:
 * it can no longer spend (issue 3), whatever ID is tried next.
 */
async function checkIdentity(ctx: Ctx, user: UserRow, identity: Identity) {
  if (user.verifiedAt) throw new AppError('ALREADY_VERIFIED');
  const parsed = parseIdCard(identity.idCard);
  if (!parsed) throw new AppError('ID_CARD_INVALID');
  if (ageOn(parsed.birthDate, todayInChina()) < 18) {
    await updateUser(ctx.db, user.id, { minor: true });
    throw new AppError('UNDER_AGE');
  }
  const idCardHash = ctx.hash('id-card', identity.idCard.toUpperCase());
  if (await findOtherUserByIdCardHash(ctx.db, idCardHash, user.id)) throw new AppError('ID_CARD_USED');
  return { idCardHash, birthDate: parsed.birthDate, realNameMasked: maskRealName(identity.realName) };
}

interface CheckedIdentity {
  idCardHash: string;
  birthDate: string;
  realNameMasked: string;
}

/**
 * Marks the player verified and, in the same transaction, pays the first-deposit bonus a deposit made before
 * verification holds (issue 30 §1, decision 0050): both happen or neither.
 */
async function markVerified(tx: Tx, userId: number, checked: CheckedIdentity) {
  const { idCardHash, birthDate, realNameMasked } = checked;
  try {
    await updateUser(tx, userId, { idCardHash, birthDate, realNameMasked, verifiedAt: new Date() });
  } catch (err) {
    // One ID number binds one account, even when two accounts race with the same number.
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'users_id_card_hash') throw new AppError('ID_CARD_USED');
    throw err;
  }
  await payHeldFirstDepositBonus(tx, userId);
}

/**
 * POST /api/auth/verify: name, ID and an SMS code to the account's number; the provider answers at once.
 * Issue 17: each answer is kept with the provider's reference (real_name_checks). A mismatch spends one of
 * the account's daily attempts (each check is billed); a provider failure or timeout spends nothing, gives
 * the SMS code back and is kept as what it was, never as a mismatch.
 */
export async function verifyRealName(ctx: Ctx, userId: number, input: Identity & { smsCode: string }) {
  const user = await requireActiveUser(ctx.db, userId);
  const checked = await checkIdentity(ctx, user, input);
  if (!user.mobile) throw new AppError('SECURITY_WAY_UNAVAILABLE', 'no mobile');
  const maxAttempts = ctx.config.realName.maxAttemptsPerDay;
  if ((await peekThrottle(ctx.db, attemptsKey(userId), DAY_MS)).count >= maxAttempts) throw new AppError('REAL_NAME_TOO_MANY_TRIES');
  const codeId = await verifySmsCode(ctx, user.mobile, 'verify', input.smsCode);
  const record = (result: 'matched' | 'mismatch' | 'error' | 'timeout', providerRef: string | null) =>
    ctx.db.insert(realNameChecks).values({
      userId,
      provider: ctx.certification.name,
      providerRef,
      result,
      realNameMasked: checked.realNameMasked,
      idCardHash: checked.idCardHash,
    });
  let verdict;
  try {
    verdict = await ctx.certification.check(input.realName, input.idCard);
  } catch (err) {
    await restoreSmsCode(ctx, codeId);
    if (!(err instanceof CertificationUnavailableError)) throw err;
    await record(err.kind, err.reference);
    throw new AppError('REAL_NAME_SERVICE_UNAVAILABLE', err.message);
  }
  if (!verdict.matched) {
    await record('mismatch', verdict.reference);
    await hitThrottle(ctx.db, attemptsKey(userId), DAY_MS, maxAttempts);
    throw new AppError('REAL_NAME_INVALID', 'provider mismatch');
  }
  await record('matched', verdict.reference);
  await runInTransaction(ctx.db, ({ tx }) => markVerified(tx, userId, checked));
  return { verified: true as const };
}

/**
 * GET /api/auth/certifyOptions (issue 27 §2): every provider checks name and number against the registry;
 * only one with a page to send the browser to (the sandbox's; not tencent-faceid's IdCardVerification, whose
 * H5 face check is not built) offers the provider-page way, and the web hides it otherwise.
 */
export function certificationOptions(ctx: Pick<AppContext, 'certification'>) {
  return { registry: true, providerPage: ctx.certification.startUrl !== undefined };
}

/** POST /api/auth/certify: starts the redirect flow (the provider's page, e.g. a face check). */
export async function startCertification(ctx: Ctx, userId: number, input: Identity) {
  // A name-and-number provider (tencent-faceid) has no page to send the browser to: the verify call is the way.
  if (!ctx.certification.startUrl) throw new AppError('FEATURE_UNAVAILABLE', `${ctx.certification.name} has no redirect flow`);
  const user = await requireActiveUser(ctx.db, userId);
  const checked = await checkIdentity(ctx, user, input);
  const certifyId = randomBytes(16).toString('hex');
  await ctx.db.insert(certifications).values({ id: certifyId, userId, ...checked });
  return { certifyId, redirectUrl: `/api/auth/certifyRedirect?certifyId=${certifyId}` };
}

async function ownCertification(ctx: Ctx, certifyId: string, userId?: number) {
  const [row] = await ctx.db.select().from(certifications).where(eq(certifications.id, certifyId)).limit(1);
  if (!row || (userId !== undefined && row.userId !== userId)) throw new AppError('NOT_FOUND', `certification ${certifyId}`);
  return row;
}

export async function certificationRedirect(ctx: Ctx, certifyId: string): Promise<string> {
  const row = await ownCertification(ctx, certifyId);
  if (row.state !== 'pending') return `/personal?certifyId=${certifyId}`;
  if (!ctx.certification.startUrl) throw new AppError('FEATURE_UNAVAILABLE', `${ctx.certification.name} has no redirect flow`);
  return ctx.certification.startUrl(certifyId);
}

/**
 * The provider's verdict (the sandbox page calls this; a real provider's signed callback would). A pass
 * for an ID that another account verified meanwhile ends as failed, never stuck pending.
 */
export async function completeCertification(ctx: Ctx, certifyId: string, passed: boolean): Promise<void> {
  await runInTransaction(ctx.db, async ({ tx }) => {
    const [pending] = await tx
      .select()
      .from(certifications)
      .where(and(eq(certifications.id, certifyId), eq(certifications.state, 'pending')))
      .for('update');
    if (!pending) throw new AppError('NOT_FOUND', `pending certification ${certifyId}`);
    const taken = passed && (await findOtherUserByIdCardHash(tx, pending.idCardHash, pending.userId)) !== null;
    const state = passed && !taken ? 'passed' : 'failed';
    await tx
      .update(certifications)
      .set({ state, finishedAt: sql`now()` })
      .where(eq(certifications.id, certifyId));
    if (state === 'passed') await markVerified(tx, pending.userId, pending);
  });
}

export async function certificationResult(ctx: Ctx, userId: number, certifyId: string) {
  const row = await ownCertification(ctx, certifyId, userId);
  const user = await requireActiveUser(ctx.db, userId);
  return { certifyId, state: row.state, verified: user.verifiedAt !== null };
}
