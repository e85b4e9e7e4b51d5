import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { toPage } from '@skinfair/contract';
import type { Executor, Tx } from '../../platform/db/client.js';
import { selectPage } from '../../platform/db/paging.js';
import { toIso } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { catalogBoxes } from '../catalog/index.js';
import { findUser } from '../users/index.js';
import { claimBonus } from '../bonus-claims/index.js';
import { freeBoxGrants } from './tables.js';

/**
 * Free boxes (docs/decisions/0010): a daily one for real-name-verified players (one identity, one
 * account, so multi-accounting gains nothing), and grants other features hand out (VIP level-ups, the
 * first deposit) with their own keys. Each grant opens exactly once, before it expires.
 */
const chinaDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

export async function dailyFreeBoxId(ex: Executor): Promise<number | null> {
  const [row] = await ex
    .select({ id: catalogBoxes.id })
    .from(catalogBoxes)
    .where(and(eq(catalogBoxes.boxType, 0), eq(catalogBoxes.enabled, true)))
    .orderBy(asc(catalogBoxes.id))
    .limit(1);
  return row?.id ?? null;
}

/** Grants a free box once per (user, key); returns false when that key was already granted. */
export async function grantFreeBox(
  ex: Executor,
  input: { userId: number; boxId: number; reason: string; grantKey: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await ex.insert(freeBoxGrants).values(input).onConflictDoNothing().returning({ id: freeBoxGrants.id });
  return rows.length === 1;
}

async function ensureDailyGrant(ex: Executor, userId: number): Promise<void> {
  const user = await findUser(ex, userId);
  if (!user?.verifiedAt || user.minor || user.status !== 'active') return;
  const boxId = await dailyFreeBoxId(ex);
  if (boxId === null) return;
  // Expires at the end of the China calendar day (16:00 UTC).
  const day = chinaDay();
  await grantFreeBox(ex, { userId, boxId, reason: 'daily', grantKey: `daily:${day}`, expiresAt: new Date(`${day}T16:00:00Z`) });
}

export async function freeBoxPage(ex: Executor, userId: number, page: number, pageSize: number) {
  await ensureDailyGrant(ex, userId);
  const where = eq(freeBoxGrants.userId, userId);
  const query = ex
    .select({ grant: freeBoxGrants, box: catalogBoxes })
    .from(freeBoxGrants)
    .innerJoin(catalogBoxes, eq(catalogBoxes.id, freeBoxGrants.boxId))
    .where(where)
    .orderBy(desc(freeBoxGrants.id));
  const { rows, totalRows } = await selectPage(ex, { query, from: freeBoxGrants, where }, page, pageSize);
  const data = rows.map(({ grant, box }) => ({
    id: grant.id,
    boxId: box.id,
    boxName: box.name,
    boxImage: box.image,
    reason: grant.reason,
    used: grant.usedAt !== null || grant.expiresAt.getTime() <= Date.now(),
    expireTime: toIso(grant.expiresAt),
    createTime: toIso(grant.createdAt),
  }));
  return toPage(data, page, pageSize, totalRows);
}

/**
 * Spends a grant inside the opening's transaction: at most once, only its owner, only before expiry,
 * and each grant key (today's daily box, a level's box…) once per device and per real-name identity
 * (docs/decisions/0016).
 */
export async function useFreeBoxGrant(
  tx: Tx,
  userId: number,
  grantId: number,
  boxId: number,
  deviceId: string | null = null,
): Promise<void> {
  const [used] = await tx
    .update(freeBoxGrants)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(freeBoxGrants.id, grantId),
        eq(freeBoxGrants.userId, userId),
        eq(freeBoxGrants.boxId, boxId),
        isNull(freeBoxGrants.usedAt),
        gt(freeBoxGrants.expiresAt, sql`now()`),
      ),
    )
    .returning({ grantKey: freeBoxGrants.grantKey });
  if (!used) throw new AppError('FREE_BOX_UNAVAILABLE');
  await claimBonus(tx, { kind: `free_box:${used.grantKey}`, userId, deviceId });
}

export async function grantBoxOf(ex: Executor, userId: number, grantId: number): Promise<number> {
  const [row] = await ex
    .select({ boxId: freeBoxGrants.boxId })
    .from(freeBoxGrants)
    .where(and(eq(freeBoxGrants.id, grantId), eq(freeBoxGrants.userId, userId)));
  if (!row) throw new AppError('FREE_BOX_UNAVAILABLE');
  return row.boxId;
}
