import type { z } from 'zod';
import {
  goldenCodeCreateParams,
  toPage,
  type AdminGoldenCode,
  type ApprovalPending,
  type goldenCodeListParams,
  type GoldenCodeRedemption,
  type Page,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../platform/db/client.js';
import { toIso } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import type { GoldenCodeRow } from '../repo.js';
import { createGoldenCode } from '../service.js';
import {
  findGoldenCodeById,
  goldenCodeState,
  lockGoldenCode,
  pageCodeRedemptions,
  pageGoldenCodes,
  setGoldenCodeDisabled,
} from './repo.js';
import { findUser } from '../../users/index.js';
import { findAdminBox, itemsByIds } from '../../catalog/index.js';
import { approvalNote, audited, runLimited, type Actor, type LimitCtx, type LimitedAction } from '../../admin/index.js';

type Ctx = Pick<AppContext, 'db'>;
const DAY_MS = 24 * 3_600_000;

/** What the audit row keeps of a code: everything an operator can set or see change. */
const snapshot = (row: GoldenCodeRow) => ({
  code: row.code,
  rewardType: row.rewardType,
  amountFen: row.amountFen,
  itemId: row.itemId,
  boxId: row.boxId,
  couponType: row.couponType,
  discountBp: row.discountBp,
  minSpendFen: row.minSpendFen,
  maxDiscountFen: row.maxDiscountFen,
  maxUses: row.maxUses,
  usedCount: row.usedCount,
  expiresAt: toIso(row.expiresAt),
  disabledAt: row.disabledAt ? toIso(row.disabledAt) : null,
  note: row.note,
});

function toAdminCode(row: GoldenCodeRow, itemName: string | null, boxName: string | null): AdminGoldenCode {
  return { id: row.id, ...snapshot(row), itemName, boxName, createdAt: toIso(row.createdAt), state: goldenCodeState(row) };
}

export async function listGoldenCodes(ctx: Ctx, q: z.output<typeof goldenCodeListParams>): Promise<Page<AdminGoldenCode>> {
  const { rows, totalRows } = await pageGoldenCodes(ctx.db, {
    q: q.q || undefined,
    state: q.state,
    rewardType: q.rewardType,
    page: q.page,
    pageSize: q.pageSize,
  });
  return toPage(
    rows.map((r) => toAdminCode(r.code, r.itemName, r.boxName)),
    q.page,
    q.pageSize,
    totalRows,
  );
}

type CreateParams = z.output<typeof goldenCodeCreateParams>;

/**
 * What one use gives (decision 0048): the coins; an item at the higher of its market and recovery price
 * (it can be withdrawn or sold back); a free box at its price; a coupon at its cap.
 */
async function valuePerUse(ex: Executor, row: GoldenCodeRow): Promise<number> {
  if (row.rewardType === 'coin') return row.amountFen ?? 0;
  if (row.rewardType === 'coupon') return row.maxDiscountFen ?? 0;
  if (row.rewardType === 'item') {
    const [item] = await itemsByIds(ex, [row.itemId!]);
    return item ? Math.max(item.referencePriceFen, item.recoveryPriceFen) : 0;
  }
  return (await findAdminBox(ex, row.boxId!))?.box.priceFen ?? 0;
}

/**
 * Creates a code through the feature's own service call, so the console applies the player-facing rules;
 * the code and its audit row commit together. Codes are stored as typed (they are not secrets
 * kept hashed: the list shows them, to operators with promotions.read). Value: one use × its uses.
 */
export const goldenCodeAction: LimitedAction<CreateParams, AdminGoldenCode> = {
  kind: 'goldenCode',
  permission: 'promotions.write',
  params: goldenCodeCreateParams,
  async perform(_ctx, { tx }, actor, p) {
    const row = await createGoldenCode(tx, {
      code: p.code,
      rewardType: p.rewardType,
      amountFen: p.amountFen,
      itemId: p.itemId,
      boxId: p.boxId,
      couponType: p.couponType,
      discountBp: p.discountBp,
      minSpendFen: p.minSpendFen,
      maxDiscountFen: p.maxDiscountFen,
      maxUses: p.maxUses,
      expiresAt: new Date(Date.now() + p.days * DAY_MS),
      note: p.note || undefined,
    });
    const valueFen = (await valuePerUse(tx, row)) * row.maxUses;
    await audited(tx, actor, 'goldenCode.create', { type: 'golden_code', id: row.id }, null, {
      ...snapshot(row),
      valueFen,
      ...approvalNote(actor),
    });
    const found = await findGoldenCodeById(tx, row.id);
    return { result: toAdminCode(row, found?.itemName ?? null, found?.boxName ?? null), valueFen, targetId: row.id };
  },
};

export const createCode = (ctx: LimitCtx, actor: Actor, p: CreateParams): Promise<AdminGoldenCode | ApprovalPending> =>
  runLimited(ctx, actor, goldenCodeAction, p);

/** Disables or enables a code; a disabled code redeems like an unknown one, past redemptions stay. */
export async function setCodeDisabled(ctx: Ctx, actor: Actor, id: number, disabled: boolean): Promise<AdminGoldenCode> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const before = await lockGoldenCode(tx, id);
    if (!before) throw new AppError('ADMIN_GOLDEN_CODE_NOT_FOUND', `code ${id}`);
    const after = await setGoldenCodeDisabled(tx, id, disabled);
    if (!after) throw new AppError('ADMIN_GOLDEN_CODE_STATE', `code ${id} disabled=${disabled}`);
    await audited(
      tx,
      actor,
      disabled ? 'goldenCode.disable' : 'goldenCode.enable',
      { type: 'golden_code', id },
      snapshot(before),
      snapshot(after),
    );
    const found = await findGoldenCodeById(tx, id);
    return toAdminCode(after, found?.itemName ?? null, found?.boxName ?? null);
  });
}

export async function listCodeRedemptions(
  ctx: Ctx,
  q: { id: number; page: number; pageSize: number },
): Promise<Page<GoldenCodeRedemption>> {
  if (!(await findGoldenCodeById(ctx.db, q.id))) throw new AppError('ADMIN_GOLDEN_CODE_NOT_FOUND', `code ${q.id}`);
  const { rows, totalRows } = await pageCodeRedemptions(ctx.db, q.id, q.page, q.pageSize);
  const users = await Promise.all([...new Set(rows.map((r) => r.userId))].map((id) => findUser(ctx.db, id)));
  const names = new Map(users.filter((u) => u !== null).map((u) => [u.id, u.nickname]));
  return toPage(
    rows.map((r) => ({ id: r.id, userId: r.userId, nickname: names.get(r.userId) ?? null, createdAt: toIso(r.createdAt) })),
    q.page,
    q.pageSize,
    totalRows,
  );
}
