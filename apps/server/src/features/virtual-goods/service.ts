import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { assertMayPlay } from '../protection/index.js';
import { AppError } from '../../platform/errors.js';
import { spend } from '../../platform/ledger/index.js';
import { assertCanSpend } from '../users/index.js';
import { userVirtualGoods, virtualGoods } from './tables.js';

export async function seedVirtualGoods(ex: Executor) {
  await ex
    .insert(virtualGoods)
    .values([
      { id: 1, name: '黄金头像框', kind: 'avatar_frame', image: '#ffee51', priceFen: 1_880, durationDays: 30 },
      { id: 2, name: '烈焰头像框', kind: 'avatar_frame', image: '#ed3838', priceFen: 3_880, durationDays: 30 },
      { id: 3, name: '紫晶昵称', kind: 'name_color', image: '#ab6afc', priceFen: 880, durationDays: 30 },
      { id: 4, name: '永久青蓝昵称', kind: 'name_color', image: '#22c1c3', priceFen: 6_880, durationDays: null },
    ])
    .onConflictDoNothing();
}

const active = sql`(${userVirtualGoods.expiresAt} IS NULL OR ${userVirtualGoods.expiresAt} > now())`;

/** The catalogue, marking what the player already owns (spec: buyVirtual / myVirtual, virtualImg). */
export async function virtualCatalogue(ex: Executor, userId: number | null) {
  const goods = await ex.select().from(virtualGoods).where(eq(virtualGoods.enabled, true)).orderBy(asc(virtualGoods.id));
  const owned = userId
    ? await ex
        .select()
        .from(userVirtualGoods)
        .where(and(eq(userVirtualGoods.userId, userId), active))
    : [];
  const byGood = new Map(owned.map((o) => [o.goodId, o]));
  return goods.map((g) => ({
    id: g.id,
    name: g.name,
    kind: g.kind,
    virtualImg: g.image,
    price: g.priceFen,
    durationDays: g.durationDays,
    expireTime: byGood.has(g.id) ? (byGood.get(g.id)!.expiresAt ? toIso(byGood.get(g.id)!.expiresAt!) : null) : null,
    owned: byGood.has(g.id),
    equipped: byGood.get(g.id)?.equipped ?? false,
  }));
}

export async function myVirtual(ex: Executor, userId: number) {
  return (await virtualCatalogue(ex, userId)).filter((g) => g.owned);
}

/**
 * Buys (or extends) a good with coins then points; a timed good extends from its current end, so a
 * second purchase adds time instead of wasting it.
 */
export async function buyVirtual(db: Db, userId: number, goodId: number) {
  return runInTransaction(db, async ({ tx }) => {
    await assertCanSpend(tx, userId);
    const [good] = await tx
      .select()
      .from(virtualGoods)
      .where(and(eq(virtualGoods.id, goodId), eq(virtualGoods.enabled, true)));
    if (!good) throw new AppError('NOT_FOUND', `virtual good ${goodId}`);
    const [current] = await tx
      .select()
      .from(userVirtualGoods)
      .where(and(eq(userVirtualGoods.userId, userId), eq(userVirtualGoods.goodId, goodId)))
      .for('update');
    if (current && current.expiresAt === null) throw new AppError('DUPLICATE_REQUEST', 'owned forever');
    await spend(tx, { userId, amountFen: good.priceFen, to: 'revenue', code: 'virtual_buy', refType: 'virtual_good', refId: goodId });
    // Limits and exclusions (issue 18) after the spend, which locked the accounts first (the order of every money
    // path); the sums then hold this purchase, so it adds 0, and a refusal rolls the purchase back.
    await assertMayPlay(tx, userId, 0);
    const base = current?.expiresAt && current.expiresAt.getTime() > Date.now() ? current.expiresAt.getTime() : Date.now();
    const expiresAt = good.durationDays === null ? null : new Date(base + good.durationDays * 86_400_000);
    await tx
      .insert(userVirtualGoods)
      .values({ userId, goodId, expiresAt })
      .onConflictDoUpdate({ target: [userVirtualGoods.userId, userVirtualGoods.goodId], set: { expiresAt } });
    return (await virtualCatalogue(tx, userId)).find((g) => g.id === goodId)!;
  });
}

/**
 * Wears an owned, unexpired good, taking off the other good of its kind, or takes it off. The player's
 * rows are locked first, so two concurrent equips of two frames leave exactly one worn.
 */
export async function equipVirtual(db: Db, userId: number, goodId: number, equip: boolean) {
  return runInTransaction(db, async ({ tx }) => {
    const rows = await tx
      .select()
      .from(userVirtualGoods)
      .where(eq(userVirtualGoods.userId, userId))
      .orderBy(asc(userVirtualGoods.goodId))
      .for('update');
    const own = rows.find((r) => r.goodId === goodId && (r.expiresAt === null || r.expiresAt.getTime() > Date.now()));
    const [good] = await tx.select().from(virtualGoods).where(eq(virtualGoods.id, goodId));
    if (!own || !good) throw new AppError('NOT_FOUND', `virtual good ${goodId} not owned`);
    if (equip) {
      const sameKind = await tx.select({ id: virtualGoods.id }).from(virtualGoods).where(eq(virtualGoods.kind, good.kind));
      await tx
        .update(userVirtualGoods)
        .set({ equipped: false })
        .where(
          and(
            eq(userVirtualGoods.userId, userId),
            inArray(
              userVirtualGoods.goodId,
              sameKind.map((g) => g.id),
            ),
          ),
        );
    }
    await tx
      .update(userVirtualGoods)
      .set({ equipped: equip })
      .where(and(eq(userVirtualGoods.userId, userId), eq(userVirtualGoods.goodId, goodId)));
    return (await virtualCatalogue(tx, userId)).find((g) => g.id === goodId)!;
  });
}

/** What a player shows others: the equipped, unexpired frame and name colour (the public card). */
export async function equippedLook(ex: Executor, userId: number): Promise<{ avatarFrame: string | null; nameColor: string | null }> {
  const rows = await ex
    .select({ kind: virtualGoods.kind, image: virtualGoods.image })
    .from(userVirtualGoods)
    .innerJoin(virtualGoods, eq(virtualGoods.id, userVirtualGoods.goodId))
    .where(and(eq(userVirtualGoods.userId, userId), eq(userVirtualGoods.equipped, true), active));
  return {
    avatarFrame: rows.find((r) => r.kind === 'avatar_frame')?.image ?? null,
    nameColor: rows.find((r) => r.kind === 'name_color')?.image ?? null,
  };
}
