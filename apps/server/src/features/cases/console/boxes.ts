import type { z } from 'zod';
import {
  DROP_WEIGHT_TOTAL,
  returnRateBpOf,
  toPage,
  type AdminBox,
  type AdminBoxDetail,
  type AdminItem,
  type adminBoxCreateParams,
  type adminBoxListParams,
  type adminBoxPublishParams,
  type adminBoxUpdateParams,
  type adminThemeSaveParams,
  type AdminBoxTheme,
  type adminItemSearchParams,
  type BoxDropInput,
  type Page,
} from '@skinfair/contract';
import type { Db, Executor, Tx } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import {
  boxVersionList,
  dropsOf,
  findAdminBox,
  findTheme,
  insertBox,
  itemsByIds,
  lockBox,
  pageAdminBoxes,
  publishBoxVersion,
  createTheme,
  searchItems,
  themesWithCounts,
  updateBoxSettings,
  updateTheme,
  type AdminBoxRow,
} from '../../catalog/index.js';
import { assertReturnWithinCeiling, audited, type Actor } from '../../admin/index.js';

/**
 * The Boxes screen (issue 16 screen 2). Settings change in place; the odds change only by publishing a
 * new version (PF v1 §5, append-only), so every roll keeps the ranges and odds hash it was drawn with.
 * Each change writes one audit row in its own transaction. Nothing here touches the openings' 5 s box hint
 * (catalog boxForOpening): on every node an opening's locking statement checks the version, price, type and
 * state against the row and reads the box again when they differ, so a change applies to the next opening.
 */

const toAdminBox = (row: AdminBoxRow): AdminBox => ({
  id: row.box.id,
  name: row.box.name,
  image: row.box.image,
  themeId: row.box.themeId,
  themeName: row.themeName,
  boxType: row.box.boxType,
  priceFen: row.box.priceFen,
  enabled: row.box.enabled,
  battleEligible: row.box.battleEligible,
  version: row.box.currentVersion,
  oddsHash: row.oddsHash,
  expectedReturnFen: row.expectedReturnFen,
  returnRateBp: returnRateBpOf(row.expectedReturnFen, row.box.priceFen),
});

export async function pageBoxes(db: Db, q: z.output<typeof adminBoxListParams>): Promise<Page<AdminBox>> {
  const { rows, totalRows } = await pageAdminBoxes(db, q, q.page, q.pageSize);
  return toPage(rows.map(toAdminBox), q.page, q.pageSize, totalRows);
}

export async function boxDetailFor(ex: Executor, boxId: number): Promise<AdminBoxDetail> {
  const row = await findAdminBox(ex, boxId);
  if (!row) throw new AppError('BOX_NOT_FOUND', `box ${boxId}`);
  const [drops, versions] = await Promise.all([dropsOf(ex, boxId, row.box.currentVersion), boxVersionList(ex, boxId)]);
  return {
    ...toAdminBox(row),
    drops: drops.map(({ drop, item }) => ({
      itemId: item.id,
      name: item.name,
      image: item.image,
      grade: item.grade,
      recoveryPriceFen: item.recoveryPriceFen,
      weight: drop.weight,
      rollLow: drop.rollLow,
      rollHigh: drop.rollHigh,
    })),
    versions: versions.map((v) => ({
      version: v.version,
      oddsHash: v.oddsHash,
      expectedReturnFen: v.expectedReturnFen,
      createdAt: v.createdAt.toISOString(),
    })),
  };
}

export async function boxThemes(ex: Executor): Promise<AdminBoxTheme[]> {
  return (await themesWithCounts(ex)).map(({ theme, boxCount }) => ({
    id: theme.id,
    name: theme.name,
    boxType: theme.boxType,
    weight: theme.weight,
    boxCount,
  }));
}

/** Create or edit a theme (the home page's tabs); one audit row with the theme before and after. */
export async function saveTheme(db: Db, actor: Actor, p: z.output<typeof adminThemeSaveParams>): Promise<AdminBoxTheme[]> {
  return runInTransaction(db, async ({ tx }) => {
    const values = { name: p.name, boxType: p.boxType, weight: p.weight };
    if (p.id === undefined) {
      const created = await createTheme(tx, values);
      await audited(tx, actor, 'theme.create', { type: 'theme', id: created.id }, null, created);
    } else {
      const before = await findTheme(tx, p.id);
      if (!before) throw new AppError('ADMIN_BOX_THEME_NOT_FOUND', `theme ${p.id}`);
      const after = await updateTheme(tx, p.id, values);
      await audited(tx, actor, 'theme.update', { type: 'theme', id: p.id }, before, after);
    }
    return boxThemes(tx);
  });
}

export async function pageItems(db: Db, q: z.output<typeof adminItemSearchParams>): Promise<Page<AdminItem>> {
  const { rows, totalRows } = await searchItems(db, q.search, q.page, q.pageSize);
  const data = rows.map((i) => ({
    id: i.id,
    name: i.name,
    image: i.image,
    grade: i.grade,
    referencePriceFen: i.referencePriceFen,
    recoveryPriceFen: i.recoveryPriceFen,
  }));
  return toPage(data, q.page, q.pageSize, totalRows);
}

/**
 * A drop list the server will publish: each item once, each weight a positive integer (the contract's
 * bounds), the weights summing to exactly 100000, and every item in the catalogue. Returns the drops with
 * the recovery prices the expected return is computed from, in the operator's order (the ranges' order).
 */
async function pricedDrops(tx: Tx, drops: BoxDropInput[]) {
  const ids = drops.map((d) => d.itemId);
  if (new Set(ids).size !== ids.length) throw new AppError('ADMIN_BOX_DROP_DUPLICATE');
  const total = drops.reduce((sum, d) => sum + d.weight, 0);
  if (total !== DROP_WEIGHT_TOTAL) throw new AppError('ADMIN_BOX_WEIGHT_SUM', `sum ${total}`);
  const found = new Map((await itemsByIds(tx, ids)).map((i) => [i.id, i]));
  return drops.map((d) => {
    const item = found.get(d.itemId);
    if (!item) throw new AppError('ADMIN_BOX_ITEM_NOT_FOUND', `item ${d.itemId}`);
    return { itemId: d.itemId, weight: d.weight, recoveryPriceFen: item.recoveryPriceFen };
  });
}

async function requireTheme(tx: Tx, themeId: number) {
  if (!(await findTheme(tx, themeId))) throw new AppError('ADMIN_BOX_THEME_NOT_FOUND', `theme ${themeId}`);
}

/** What the audit log keeps of a box: its settings and its current odds (version, hash, drops). */
const auditView = (d: AdminBoxDetail) => ({
  ...d,
  drops: d.drops.map(({ itemId, weight, rollLow, rollHigh }) => ({ itemId, weight, rollLow, rollHigh })),
  versions: undefined,
});

export async function createBox(db: Db, actor: Actor, p: z.output<typeof adminBoxCreateParams>): Promise<AdminBoxDetail> {
  return runInTransaction(db, async ({ tx }) => {
    await requireTheme(tx, p.themeId);
    const drops = await pricedDrops(tx, p.drops);
    const box = await insertBox(tx, {
      name: p.name,
      image: p.image || null,
      weaponImage: null,
      themeId: p.themeId,
      boxType: p.boxType,
      priceFen: p.priceFen,
      enabled: p.enabled,
      battleEligible: p.battleEligible,
      currentVersion: 1,
      // New boxes go last in their theme, after the seeded ones.
      weight: 1_000_000,
    });
    await publishBoxVersion(tx, box.id, drops, p.priceFen);
    const after = await boxDetailFor(tx, box.id);
    await assertReturnWithinCeiling(tx, after);
    await audited(tx, actor, 'box.create', { type: 'box', id: box.id }, null, auditView(after));
    return after;
  });
}

export async function updateBox(db: Db, actor: Actor, p: z.output<typeof adminBoxUpdateParams>): Promise<AdminBoxDetail> {
  return runInTransaction(db, async ({ tx }) => {
    if (!(await lockBox(tx, p.id))) throw new AppError('BOX_NOT_FOUND', `box ${p.id}`);
    if (p.themeId !== undefined) await requireTheme(tx, p.themeId);
    const before = await boxDetailFor(tx, p.id);
    const { id, image, ...rest } = p;
    const settings = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    await updateBoxSettings(tx, id, {
      ...settings,
      ...(image !== undefined ? { image: image || null } : {}),
    });
    const after = await boxDetailFor(tx, id);
    // A new price or switching a box on puts a return in force; a rename of an older box does not.
    if (p.priceFen !== undefined || p.enabled === true) await assertReturnWithinCeiling(tx, after);
    await audited(tx, actor, 'box.update', { type: 'box', id }, auditView(before), auditView(after));
    return after;
  });
}

export async function publishBox(db: Db, actor: Actor, p: z.output<typeof adminBoxPublishParams>): Promise<AdminBoxDetail> {
  return runInTransaction(db, async ({ tx }) => {
    const box = await lockBox(tx, p.id);
    if (!box) throw new AppError('BOX_NOT_FOUND', `box ${p.id}`);
    const drops = await pricedDrops(tx, p.drops);
    const before = await boxDetailFor(tx, p.id);
    await publishBoxVersion(tx, p.id, drops, p.priceFen ?? box.priceFen);
    const after = await boxDetailFor(tx, p.id);
    await assertReturnWithinCeiling(tx, after);
    await audited(tx, actor, 'box.publish', { type: 'box', id: p.id }, auditView(before), auditView(after));
    return after;
  });
}
