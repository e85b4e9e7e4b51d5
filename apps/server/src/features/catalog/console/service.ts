import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ITEM_IMPORT_LARGE_CHANGE_BP,
  ITEM_IMPORT_PREVIEW_MINUTES,
  RECOVERY_RATE_MAX_BP,
  RECOVERY_RATE_MIN_BP,
  recoveryPriceOf,
  shopPriceOf,
  toPage,
  type AdminCatalogDetail,
  type AdminCatalogItem,
  type ItemImportChange,
  type ItemImportPreview,
  type ItemImportProblem,
  type Page,
  type RecoveryRule,
  type adminCatalogListParams,
  type adminItemImportPreviewParams,
  type adminRecoveryRuleParams,
} from '@skinfair/contract';
import type { Db, Executor, Tx } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import {
  boxesHoldingItems,
  forgetCachedItems,
  itemIdsByMarketName,
  itemsByIds,
  lockItemsForPricing,
  marketHashName,
  marketKey,
  pageCatalogItems,
  setItemPrices,
  type CatalogItemRow,
} from '../index.js';
import { loadSiteSettings, writeSetting } from '../../common/index.js';
import { lockShopLinesOfItems, shopItemIds, shopLinesOfItems, updateShopStock } from '../../shop/index.js';
import { audited, type Actor } from '../../admin/index.js';
import { priceFileOf } from './price-file.js';
import { parseCsv, parseJson, type PriceRow } from './price-list.js';
import { insertImport, insertPriceHistory, lockImport, markImportApplied, priceHistoryOf } from './repo.js';
import { assertLiveReturnsWithinCeiling, boxReturnMoves } from './box-return-moves.js';
import type { PreviewedPrice } from '../price-tables.js';

/**
 * The Items and prices screen (issue 16 screen 4). Prices: an edit or an import sets an item's reference
 * price, and the recovery rule (site setting `recoveryRateBp`) derives its recovery price from it. Each
 * change writes its price-history rows and exactly one audit row in the transaction of the change. A
 * recovery price reaches players as a snapshot when an item enters a backpack (decisions/0010), so items
 * already won keep the price they were won at, and a box's published expected return stays that of its
 * odds version until the next publish; its live return moves (the preview lists the boxes, decision 0061).
 */

const HISTORY_SHOWN = 50;

const toCatalogItem = (item: CatalogItemRow, listed: Set<number>): AdminCatalogItem => ({
  id: item.id,
  name: item.name,
  marketHashName: marketHashName(item),
  weaponName: item.weaponName,
  category: item.category,
  rarity: item.rarity,
  grade: item.grade,
  exterior: item.exterior,
  statTrak: item.statTrak,
  image: item.image,
  referencePriceFen: item.referencePriceFen,
  recoveryPriceFen: item.recoveryPriceFen,
  inShop: listed.has(item.id),
});

export async function pageCatalog(db: Db, q: z.output<typeof adminCatalogListParams>): Promise<Page<AdminCatalogItem>> {
  const listed = await shopItemIds(db);
  const { rows, totalRows } = await pageCatalogItems(
    db,
    {
      search: q.search,
      category: q.category,
      weapon: q.weapon,
      rarity: q.rarity,
      shop: q.inShop === -1 ? undefined : { itemIds: listed, listed: q.inShop === 1 },
      priceMinFen: q.priceMinFen,
      priceMaxFen: q.priceMaxFen,
    },
    q.page,
    q.pageSize,
  );
  const set = new Set(listed);
  return toPage(
    rows.map((r) => toCatalogItem(r, set)),
    q.page,
    q.pageSize,
    totalRows,
  );
}

export async function catalogDetail(ex: Executor, itemId: number): Promise<AdminCatalogDetail> {
  const [item] = await itemsByIds(ex, [itemId]);
  if (!item) throw new AppError('ADMIN_ITEM_NOT_FOUND', `item ${itemId}`);
  // One after another: inside a transaction these share one connection.
  const listed = await shopItemIds(ex);
  const holding = await boxesHoldingItems(ex, [itemId]);
  const history = await priceHistoryOf(ex, itemId, HISTORY_SHOWN);
  return {
    ...toCatalogItem(item, new Set(listed)),
    boxCount: holding.distinct,
    history: history.map(({ row, operatorName }) => ({
      id: row.id,
      itemId: row.itemId,
      oldReferenceFen: row.oldReferenceFen,
      newReferenceFen: row.newReferenceFen,
      oldRecoveryFen: row.oldRecoveryFen,
      newRecoveryFen: row.newRecoveryFen,
      source: row.source,
      operatorId: row.operatorId,
      operatorName: operatorName ?? null,
      importId: row.importId,
      reason: row.reason,
      at: row.at.toISOString(),
    })),
  };
}

const recoveryRateOf = async (ex: Executor) => (await loadSiteSettings(ex)).recoveryRateBp;

/** (new − old) / old in basis points, toward zero; integer arithmetic (prices ≤ 1e9 fen, so no overflow). */
const changeBpOf = (oldFen: number, newFen: number) => (oldFen > 0 ? Math.trunc(((newFen - oldFen) * 10_000) / oldFen) : 10_000);

/**
 * Step 1 of an import: parse the file strictly, match rows to items (by id, or by market hash name when
 * that names exactly one item), and store exactly the changes shown under a random preview id. Writes no
 * price. Rows that name no item are "unknown"; rows that cannot be read or name an item twice are "invalid".
 */
export async function importPreview(
  db: Db,
  operatorId: number,
  params: z.output<typeof adminItemImportPreviewParams>,
  warnMoveBp: number,
): Promise<ItemImportPreview> {
  const file = priceFileOf(params);
  const parsed = params.format === 'csv' ? parseCsv(file.text) : parseJson(file.text);
  const fileHash = file.sha256;
  const invalid: ItemImportProblem[] = [...parsed.invalid];
  const unknown: ItemImportProblem[] = [];
  const byName = parsed.rows.some((r) => r.key.kind === 'name') ? await itemIdsByMarketName(db) : new Map<string, number[]>();
  const matched: Array<{ row: PriceRow; itemId: number }> = [];
  for (const row of parsed.rows) {
    if (row.key.kind === 'id') {
      matched.push({ row, itemId: row.key.id });
      continue;
    }
    const ids = byName.get(marketKey(row.key.name)) ?? [];
    if (ids.length === 0) unknown.push({ line: row.line, key: row.keyText, reason: '找不到该 market_hash_name' });
    else if (ids.length > 1)
      invalid.push({ line: row.line, key: row.keyText, reason: `该名称对应 ${ids.length} 个饰品（如多普勒相位），请改用 id` });
    else matched.push({ row, itemId: ids[0]! });
  }
  const found = new Map((await itemsByIdsChunked(db, [...new Set(matched.map((m) => m.itemId))])).map((i) => [i.id, i]));
  const rateBp = await recoveryRateOf(db);
  const seen = new Map<number, number>();
  const changes: ItemImportChange[] = [];
  const stored: PreviewedPrice[] = [];
  let unchanged = 0;
  for (const { row, itemId } of matched) {
    const item = found.get(itemId);
    if (!item) {
      unknown.push({ line: row.line, key: row.keyText, reason: '找不到该 id' });
      continue;
    }
    const first = seen.get(itemId);
    if (first !== undefined) {
      invalid.push({ line: row.line, key: row.keyText, reason: `与第 ${first} 行是同一饰品` });
      continue;
    }
    seen.set(itemId, row.line);
    const newRecoveryFen = recoveryPriceOf(row.priceFen, rateBp);
    if (row.priceFen === item.referencePriceFen && newRecoveryFen === item.recoveryPriceFen) {
      unchanged++;
      continue;
    }
    const changeBp = changeBpOf(item.referencePriceFen, row.priceFen);
    changes.push({
      line: row.line,
      itemId,
      name: item.name,
      oldPriceFen: item.referencePriceFen,
      newPriceFen: row.priceFen,
      oldRecoveryFen: item.recoveryPriceFen,
      newRecoveryFen,
      changeBp,
      large: Math.abs(changeBp) > ITEM_IMPORT_LARGE_CHANGE_BP,
      boxCount: 0,
      oldShopPriceFen: null,
      newShopPriceFen: null,
    });
    stored.push({
      itemId,
      oldPriceFen: item.referencePriceFen,
      newPriceFen: row.priceFen,
      oldRecoveryFen: item.recoveryPriceFen,
      newRecoveryFen,
    });
  }
  const holding = await boxesHoldingItems(
    db,
    stored.map((s) => s.itemId),
  );
  for (const c of changes) c.boxCount = holding.perItem.get(c.itemId) ?? 0;
  const boxes = await boxReturnMoves(db, new Map(stored.map((s) => [s.itemId, s.newRecoveryFen])), { lock: false, warnMoveBp });
  const shopRepriced = await repriceShopLines(db, changes, stored);
  invalid.sort((a, b) => a.line - b.line);
  unknown.sort((a, b) => a.line - b.line);
  const previewId = randomBytes(16).toString('hex');
  const expiresAt = new Date(Date.now() + ITEM_IMPORT_PREVIEW_MINUTES * 60_000);
  const largeChanges = changes.filter((c) => c.large).length;
  await insertImport(db, {
    id: previewId,
    operatorId,
    format: params.format,
    fileHash,
    recoveryRateBp: rateBp,
    changes: stored,
    counts: {
      rows: parsed.total,
      changed: stored.length,
      unchanged,
      unknown: unknown.length,
      invalid: invalid.length,
      large: largeChanges,
      affectedBoxes: holding.distinct,
      shopRepriced,
    },
    expiresAt,
  });
  return {
    previewId,
    fileHash,
    encoding: file.encoding,
    rows: parsed.total,
    changes,
    unchanged,
    unknown,
    invalid,
    largeChanges,
    affectedBoxes: holding.distinct,
    boxes,
    warnMoveBp,
    recoveryRateBp: rateBp,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Decision 0051: a change whose new recovery price passes its item's shop line re-prices the line in the same
 * apply, to the shop's default for the new price (reference + 5 %), shown in the preview. Returns how many.
 */
async function repriceShopLines(ex: Executor, changes: ItemImportChange[], stored: PreviewedPrice[]): Promise<number> {
  const lines = new Map(
    (
      await shopLinesOfItems(
        ex,
        stored.map((s) => s.itemId),
      )
    ).map((l) => [l.itemId, l]),
  );
  let repriced = 0;
  changes.forEach((c, i) => {
    const line = lines.get(c.itemId);
    if (!line || line.priceFen >= c.newRecoveryFen) return;
    c.oldShopPriceFen = line.priceFen;
    c.newShopPriceFen = shopPriceOf(c.newPriceFen);
    stored[i] = { ...stored[i]!, oldShopFen: c.oldShopPriceFen, newShopFen: c.newShopPriceFen };
    repriced++;
  });
  return repriced;
}

/**
 * At apply, on the locked lines: each previewed re-price still starts from the price the preview saw, and
 * no other line is below its new recovery price (a line added or cut since): else the preview is stale.
 */
async function lockedShopRepricing(tx: Tx, changes: PreviewedPrice[]) {
  const lines = new Map(
    (
      await lockShopLinesOfItems(
        tx,
        changes.map((c) => c.itemId),
      )
    ).map((l) => [l.itemId, l]),
  );
  const repricing: Array<{ id: number; priceFen: number }> = [];
  for (const c of changes) {
    const line = lines.get(c.itemId);
    if (c.newShopFen !== undefined) {
      if (!line || line.priceFen !== c.oldShopFen) throw new AppError('ADMIN_ITEM_IMPORT_STALE', `shop line of item ${c.itemId}`);
      repricing.push({ id: line.id, priceFen: c.newShopFen });
    } else if (line && line.priceFen < c.newRecoveryFen) throw new AppError('ADMIN_ITEM_IMPORT_STALE', `shop line of item ${c.itemId}`);
  }
  return repricing;
}

async function itemsByIdsChunked(ex: Executor, ids: number[]) {
  const rows: CatalogItemRow[] = [];
  for (let i = 0; i < ids.length; i += 1_000) rows.push(...(await itemsByIds(ex, ids.slice(i, i + 1_000))));
  return rows;
}

/**
 * Step 2: writes exactly the previewed changes in one transaction, or nothing. Refused when the preview
 * is someone else's, expired or applied, when the recovery rule changed, or when any item's prices are
 * no longer those the preview was computed from (another edit or import came first).
 */
export async function importApply(db: Db, actor: Actor, previewId: string) {
  return runInTransaction(db, async ({ tx, afterCommit }) => {
    const preview = await lockImport(tx, previewId);
    if (!preview || preview.operatorId !== actor.operatorId || preview.expiresAt.getTime() < Date.now())
      throw new AppError('ADMIN_ITEM_IMPORT_NOT_FOUND', previewId);
    if (preview.appliedAt) throw new AppError('ADMIN_ITEM_IMPORT_APPLIED', previewId);
    const changes = preview.changes;
    if (changes.length === 0) throw new AppError('ADMIN_ITEM_IMPORT_EMPTY', previewId);
    if ((await recoveryRateOf(tx)) !== preview.recoveryRateBp) throw new AppError('ADMIN_ITEM_IMPORT_STALE', 'recovery rule');
    const locked = new Map(
      (
        await lockItemsForPricing(
          tx,
          changes.map((c) => c.itemId),
        )
      ).map((i) => [i.id, i]),
    );
    for (const c of changes) {
      const item = locked.get(c.itemId);
      if (!item || item.referencePriceFen !== c.oldPriceFen || item.recoveryPriceFen !== c.oldRecoveryFen)
        throw new AppError('ADMIN_ITEM_IMPORT_STALE', `item ${c.itemId}`);
    }
    const repricing = await lockedShopRepricing(tx, changes);
    // The boxes holding the items, locked after them and the lines, against the return ceiling (decision 0061).
    assertLiveReturnsWithinCeiling(await boxReturnMoves(tx, new Map(changes.map((c) => [c.itemId, c.newRecoveryFen])), { lock: true }));
    const written = await setItemPrices(
      tx,
      changes.map((c) => ({ itemId: c.itemId, referencePriceFen: c.newPriceFen, recoveryPriceFen: c.newRecoveryFen })),
    );
    if (written !== changes.length) throw new AppError('INTERNAL', `import wrote ${written}/${changes.length}`);
    for (const r of repricing) await updateShopStock(tx, r.id, { priceFen: r.priceFen });
    await insertPriceHistory(
      tx,
      changes.map((c) => ({
        itemId: c.itemId,
        oldReferenceFen: c.oldPriceFen,
        newReferenceFen: c.newPriceFen,
        oldRecoveryFen: c.oldRecoveryFen,
        newRecoveryFen: c.newRecoveryFen,
        source: 'import' as const,
        operatorId: actor.operatorId,
        importId: preview.id,
      })),
    );
    if (!(await markImportApplied(tx, preview.id))) throw new AppError('ADMIN_ITEM_IMPORT_APPLIED', previewId);
    await audited(tx, actor, 'item.import', { type: 'item_import', id: preview.id }, null, {
      fileHash: preview.fileHash,
      format: preview.format,
      recoveryRateBp: preview.recoveryRateBp,
      ...preview.counts,
    });
    afterCommit(forgetCachedItems);
    return { previewId: preview.id, applied: changes.length, fileHash: preview.fileHash };
  });
}

export async function recoveryRule(ex: Executor): Promise<RecoveryRule> {
  return { rateBp: await recoveryRateOf(ex), minBp: RECOVERY_RATE_MIN_BP, maxBp: RECOVERY_RATE_MAX_BP };
}

/**
 * The recovery rate applies to every price set from now on (edits and imports); prices already set keep
 * their recovery price until their next change, and items in backpacks keep their snapshot.
 */
export async function setRecoveryRule(db: Db, actor: Actor, params: z.output<typeof adminRecoveryRuleParams>) {
  return runInTransaction(db, async ({ tx }) => {
    const before = await recoveryRateOf(tx);
    await writeSetting(tx, 'recoveryRateBp', params.rateBp);
    await audited(
      tx,
      actor,
      'item.recoveryRule',
      { type: 'site_setting', id: 'recoveryRateBp' },
      { rateBp: before },
      { rateBp: params.rateBp, reason: params.reason },
    );
    return recoveryRule(tx);
  });
}
