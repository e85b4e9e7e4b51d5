import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { call } from '../../../testing/auth-helpers.js';
import { givenOperator } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { t, db, get, post, auditCount, historyCount, auditRows, pricesOf } from './items-fixture.js';

/**
 * Issue 27 §11 (decision 0061): a price change moves the live return of the boxes holding the item; the
 * console is warned above a set amount (BOX_RETURN_MOVE_WARN_BP, 1 point by default), and a change that
 * raises an enabled box's live return above the return ceiling is refused, for an edit and an import alike.
 */

let admin: { token: string; id: number };
/** Two items priced only through this file, and their recovery prices; only the boxes made here hold them. */
let a: { id: number; rec: number };
let b: { id: number; rec: number };
beforeAll(async () => {
  admin = await givenOperator(t.app, t.database.db, 'admin');
  const rows = await queryRows<{ id: unknown; rec: unknown }>(
    db(),
    sql`SELECT i.id, i.recovery_price_fen AS rec FROM items i
        WHERE i.recovery_price_fen BETWEEN 2000 AND 20000 AND i.recovery_price_fen = i.reference_price_fen
          AND NOT EXISTS (SELECT 1 FROM shop_stock s WHERE s.item_id = i.id)
        ORDER BY i.id LIMIT 2`,
  );
  [a, b] = rows.map((r) => ({ id: toInt(r.id), rec: toInt(r.rec) })) as [typeof a, typeof b];
  expect(b).toBeDefined();
  // The seeded boxes holding them are switched off (this file's own database), so their returns stay out.
  const holding = await queryRows<{ id: unknown }>(
    db(),
    sql`SELECT DISTINCT x.id FROM boxes x JOIN box_drops d ON d.box_id = x.id AND d.version = x.current_version
        WHERE x.enabled AND d.item_id IN (${a.id}, ${b.id})`,
  );
  for (const h of holding) expect((await post('/api/admin/boxes/update', { id: toInt(h.id), enabled: false })).status).toBe(0);
});

/** A box of A and B, half and half, priced so its return is about 90 %. */
async function givenBox(name: string, enabled = true) {
  const priceFen = Math.ceil((a.rec + b.rec) / 2 / 0.9);
  const res = await post('/api/admin/boxes/create', {
    name,
    themeId: 1,
    priceFen,
    enabled,
    drops: [
      { itemId: a.id, weight: 50_000 },
      { itemId: b.id, weight: 50_000 },
    ],
  });
  expect(res.status, res.msg).toBe(0);
  return { id: res.data.id as number, priceFen };
}
/** The live return, in basis points rounded down, with A's recovery price at `recA`. */
const liveBp = (recA: number, recB: number, priceFen: number) =>
  Math.floor(((50_000 * recA + 50_000 * recB) * 10_000) / (100_000 * priceFen));
/** The lowest recovery price of A that puts a box's live return at `bp` or above. */
const recAFor = (bp: number, priceFen: number) => Math.ceil((2 * bp * priceFen) / 10_000 - b.rec);

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const setCeiling = async (bp: number) => {
  const { defaults } = (await get('/api/admin/limits/settings', {}, admin.token)).data;
  const form: Record<string, unknown> = { boxReturnCeilingBp: bp, reason: '测试上限' };
  for (const k of defaults.kinds as Array<{ kind: string; capFen: number; approvalAboveFen: number }>) {
    form[`${k.kind}CapFen`] = k.capFen;
    form[`${k.kind}ApprovalFen`] = k.approvalAboveFen;
  }
  expect((await post('/api/admin/limits/settings', form, admin.token)).status).toBe(0);
};

describe('the live return of a price change', () => {
  it('flags, in the effect, the boxes whose live return moves by more than the warning amount', async () => {
    const box = await givenBox('回报预警箱');
    const small = await get('/api/admin/items/priceEffect', { id: a.id, priceFen: a.rec + 1 });
    expect(small.status, small.msg).toBe(0);
    expect(small.data.warnMoveBp).toBe(100);
    const before = liveBp(a.rec, b.rec, box.priceFen);
    expect(small.data.boxes).toEqual([
      {
        boxId: box.id,
        name: '回报预警箱',
        priceFen: box.priceFen,
        declaredBp: before,
        liveBeforeBp: before,
        liveAfterBp: liveBp(a.rec + 1, b.rec, box.priceFen),
        ceilingBp: 9_800,
        aboveCeiling: false,
        refused: false,
        moved: false,
      },
    ]);
    // 1.5 points up, and 1.5 points down: both past the 1-point warning, neither above the ceiling.
    for (const target of [before + 150, before - 150]) {
      const recA = recAFor(target, box.priceFen);
      const effect = await get('/api/admin/items/priceEffect', { id: a.id, priceFen: recA });
      expect(effect.data.boxes[0]).toMatchObject({ liveAfterBp: liveBp(recA, b.rec, box.priceFen), moved: true, refused: false });
    }
    await post('/api/admin/boxes/update', { id: box.id, enabled: false });
  });

  it('refuses an edit that raises an enabled box above the ceiling, naming it, and writes nothing; allows one below', async () => {
    const box = await givenBox('调价上限箱');
    const over = recAFor(9_801, box.priceFen);
    const effect = await get('/api/admin/items/priceEffect', { id: a.id, priceFen: over });
    expect(effect.data.boxes[0]).toMatchObject({ boxId: box.id, aboveCeiling: true, refused: true, moved: true });
    const counts = { audit: await auditCount(), history: await historyCount() };
    const refused = await post('/api/admin/items/price', { id: a.id, priceFen: over, reason: '市场价上涨' });
    expect(refused.status).toBe(errorStatus('BOX_LIVE_RETURN_ABOVE_CEILING'));
    expect(refused.msg).toContain(`#${box.id} 调价上限箱`);
    expect(refused.msg).toMatch(/当前期望返奖率将高于上限 98\.00%/);
    expect(await pricesOf(a.id)).toEqual({ ref: a.rec, rec: a.rec });
    expect({ audit: await auditCount(), history: await historyCount() }).toEqual(counts);

    // Just at the ceiling is allowed; the box page then shows the live figure beside the published one.
    const at = recAFor(9_800, box.priceFen);
    expect(liveBp(at, b.rec, box.priceFen)).toBe(9_800);
    const ok = await post('/api/admin/items/price', { id: a.id, priceFen: at, reason: '市场价上涨' });
    expect(ok.status, ok.msg).toBe(0);
    const [audit] = (await auditRows('item.price')).filter((r) => r.target_id === String(a.id)).slice(-1);
    expect(audit!.after.boxReturns).toEqual([{ boxId: box.id, liveBeforeBp: liveBp(a.rec, b.rec, box.priceFen), liveAfterBp: 9_800 }]);
    const page = await call(t.app, 'GET', '/api/case/caseDetail', { caseId: box.id });
    expect(page.data).toMatchObject({ returnRateBp: liveBp(a.rec, b.rec, box.priceFen), liveReturnRateBp: 9_800 });
    // The public return panel's figure is the same live one: the band is drawn around it.
    const panel = await call(t.app, 'GET', '/api/case/caseReturn', { caseId: box.id });
    expect(Math.floor(panel.data.declaredReturn * 10_000 + 1e-6)).toBe(9_800);

    // Switching a box on, or re-pricing it, checks its live return too, not only the published one.
    expect((await post('/api/admin/boxes/update', { id: box.id, enabled: false })).status).toBe(0);
    expect((await post('/api/admin/items/price', { id: a.id, priceFen: over, reason: '箱子已停用' })).status).toBe(0);
    const enable = await post('/api/admin/boxes/update', { id: box.id, enabled: true });
    expect(enable.status).toBe(errorStatus('BOX_RETURN_ABOVE_CEILING'));
    expect(enable.msg).toMatch(/^按今日回收价计算的当前期望返奖率 98\.\d\d% 高于上限 98\.00%/);
    expect((await post('/api/admin/items/price', { id: a.id, priceFen: a.rec, reason: '恢复' })).status).toBe(0);
  });

  it('lets a cut through on a box already above a lowered ceiling, and refuses a raise there', async () => {
    const box = await givenBox('降低上限箱');
    const live = liveBp(a.rec, b.rec, box.priceFen);
    await setCeiling(live - 200);
    try {
      const cut = await post('/api/admin/items/price', { id: a.id, priceFen: a.rec - 10, reason: '降价' });
      expect(cut.status, cut.msg).toBe(0);
      const raise = await post('/api/admin/items/price', { id: a.id, priceFen: a.rec, reason: '涨回' });
      expect(raise.status).toBe(errorStatus('BOX_LIVE_RETURN_ABOVE_CEILING'));
    } finally {
      await setCeiling(9_800);
    }
    expect((await post('/api/admin/items/price', { id: a.id, priceFen: a.rec, reason: '恢复' })).status).toBe(0);
    await post('/api/admin/boxes/update', { id: box.id, enabled: false });
  });

  it('lists the moved boxes in an import preview and refuses an apply that raises one above the ceiling', async () => {
    const box = await givenBox('导入上限箱');
    const over = recAFor(9_850, box.priceFen);
    const preview = await post('/api/admin/items/importPreview', { format: 'csv', content: `id,price\n${a.id},${yuan(over)}` });
    expect(preview.status, preview.msg).toBe(0);
    expect(preview.data.warnMoveBp).toBe(100);
    expect(preview.data.boxes).toEqual([expect.objectContaining({ boxId: box.id, refused: true, moved: true, aboveCeiling: true })]);
    const counts = { audit: await auditCount(), history: await historyCount() };
    const apply = await post('/api/admin/items/importApply', { previewId: preview.data.previewId });
    expect(apply.status).toBe(errorStatus('BOX_LIVE_RETURN_ABOVE_CEILING'));
    expect(apply.msg).toContain(`#${box.id} 导入上限箱`);
    expect(await pricesOf(a.id)).toEqual({ ref: a.rec, rec: a.rec });
    expect({ audit: await auditCount(), history: await historyCount() }).toEqual(counts);

    // Both items in one file: A up, B down, the box ends below the ceiling: applied.
    const upA = recAFor(9_850, box.priceFen);
    const downB = b.rec - 2 * Math.ceil((100 * box.priceFen) / 10_000);
    const both = await post('/api/admin/items/importPreview', {
      format: 'csv',
      content: `id,price\n${a.id},${yuan(upA)}\n${b.id},${yuan(downB)}`,
    });
    expect(both.data.boxes).toEqual([
      expect.objectContaining({ boxId: box.id, liveAfterBp: liveBp(upA, downB, box.priceFen), refused: false, aboveCeiling: false }),
    ]);
    const applied = await post('/api/admin/items/importApply', { previewId: both.data.previewId });
    expect(applied.status, applied.msg).toBe(0);
    expect(await pricesOf(a.id)).toEqual({ ref: upA, rec: upA });
  });
});
