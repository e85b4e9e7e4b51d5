import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus, ITEM_IMPORT_MAX_ROWS } from '@skinfair/contract';
import { givenOperator } from '../../../testing/operators.js';
import { t, db, get, post, count, auditCount, historyCount, auditRows, pricesOf, freshItems } from './items-fixture.js';

let other: { token: string; id: number };
beforeAll(async () => {
  other = await givenOperator(t.app, t.database.db, 'admin');
});

const detail = async (id: number) => (await get('/api/admin/items/detail', { id })).data;

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const marketNameOf = async (id: number) => (await detail(id)).marketHashName as string;

describe('price-list import', () => {
  it('previews a CSV (changes, unchanged, unknown names, invalid rows with lines and reasons, large changes, boxes) and writes nothing', async () => {
    const [a, b, c, d] = await freshItems(4);
    const pa = await pricesOf(a!.id);
    const pb = await pricesOf(b!.id);
    const pc = await pricesOf(c!.id);
    const pd = await pricesOf(d!.id);
    const cutC = Math.max(1, Math.floor(pc.ref / 3));
    const before = { audit: await auditCount(), history: await historyCount() };
    const csv = [
      'id,price',
      `${a!.id},${yuan(pa.ref + 1)}`, // 2: a small change
      `${b!.id},${yuan(pb.ref)}`, // 3: unchanged
      '',
      // 5: −67 %: large (a cut: a large raise may put a box above the return ceiling, decision 0061)
      `${c!.id},${yuan(cutC)}`,
      '999999999,1.00', // 6: unknown id
      `${d!.id},12.345`, // 7: three decimals
      `${d!.id},abc`, // 8
      `${d!.id},-1`, // 9
      `${d!.id},1.00,extra`, // 10
      `"${d!.id},1.00`, // 11: open quote
      `${a!.id},5.00`, // 12: same item as line 2
      'x1,1.00', // 13: not an id
      `${d!.id},0.00`, // 14: zero
      `${d!.id},${yuan(Math.max(1, Math.floor(pd.ref / 4)))}`, // 15: −75 %: large
    ].join('\r\n');
    const res = await post('/api/admin/items/importPreview', { format: 'csv', content: csv });
    expect(res.status, res.msg).toBe(0);
    const p = res.data;
    expect(p.previewId).toMatch(/^[a-f0-9]{32}$/);
    expect(p.fileHash).toMatch(/^[a-f0-9]{64}$/);
    expect(p.rows).toBe(13); // the blank line 4 is skipped
    expect(p.unchanged).toBe(1);
    expect(p.changes.map((x: { line: number }) => x.line)).toEqual([2, 5, 15]);
    expect(p.changes[0]).toMatchObject({
      itemId: a!.id,
      oldPriceFen: pa.ref,
      newPriceFen: pa.ref + 1,
      newRecoveryFen: pa.ref + 1,
      large: false,
    });
    expect(p.changes[1]).toMatchObject({
      itemId: c!.id,
      newPriceFen: cutC,
      changeBp: Math.trunc(((cutC - pc.ref) * 10_000) / pc.ref),
      large: true,
    });
    expect(p.changes[2]).toMatchObject({ itemId: d!.id, large: true });
    expect(p.largeChanges).toBe(2);
    for (const ch of p.changes) expect(ch.boxCount).toBeGreaterThan(0);
    expect(p.affectedBoxes).toBeGreaterThan(0);
    expect(p.unknown).toEqual([{ line: 6, key: '999999999', reason: expect.any(String) }]);
    expect(p.invalid.map((x: { line: number }) => x.line)).toEqual([7, 8, 9, 10, 11, 12, 13, 14]);
    for (const x of p.invalid) expect(x.reason).toMatch(/[\u4e00-\u9fff]/);
    // A preview changes nothing.
    expect(await pricesOf(a!.id)).toEqual(pa);
    expect(await pricesOf(c!.id)).toEqual(pc);
    expect(await auditCount()).toBe(before.audit);
    expect(await historyCount()).toBe(before.history);

    // Apply: exactly the previewed changes, one history row each, one audit row with the counts and hash.
    const applied = await post('/api/admin/items/importApply', { previewId: p.previewId });
    expect(applied.status, applied.msg).toBe(0);
    expect(applied.data).toEqual({ previewId: p.previewId, applied: 3, fileHash: p.fileHash });
    expect(await pricesOf(a!.id)).toEqual({ ref: pa.ref + 1, rec: pa.ref + 1 });
    expect(await pricesOf(b!.id)).toEqual(pb);
    expect(await pricesOf(c!.id)).toEqual({ ref: cutC, rec: cutC });
    expect(await historyCount()).toBe(before.history + 3);
    expect(await count(sql`SELECT count(*) AS n FROM item_price_history WHERE import_id = ${p.previewId} AND source = 'import'`)).toBe(3);
    expect(await auditCount()).toBe(before.audit + 1);
    const [audit] = (await auditRows('item.import')).filter((r) => r.target_id === p.previewId);
    expect(audit!.after).toMatchObject({
      fileHash: p.fileHash,
      format: 'csv',
      rows: 13,
      changed: 3,
      unchanged: 1,
      unknown: 1,
      invalid: 8,
      large: 2,
    });
    expect((await detail(c!.id)).history[0]).toMatchObject({ source: 'import', importId: p.previewId, operatorName: expect.any(String) });

    // Applied once.
    expect((await post('/api/admin/items/importApply', { previewId: p.previewId })).status).toBe(errorStatus('ADMIN_ITEM_IMPORT_APPLIED'));
    expect(await auditCount()).toBe(before.audit + 1);
  });

  it('matches market hash names (case and spacing aside) and reads JSON with prices as text only', async () => {
    const [a, b] = await freshItems(2);
    const pa = await pricesOf(a!.id);
    const pb = await pricesOf(b!.id);
    const nameA = await marketNameOf(a!.id);
    const csv = `\uFEFFmarket_hash_name,price\n"${nameA.toUpperCase().replace(/ /g, '  ')}",${yuan(pa.ref + 7)}\nNo Such Skin (Factory New),1.00\n`;
    const fromCsv = await post('/api/admin/items/importPreview', { format: 'csv', content: csv });
    expect(fromCsv.status, fromCsv.msg).toBe(0);
    expect(fromCsv.data.changes).toMatchObject([{ line: 2, itemId: a!.id, newPriceFen: pa.ref + 7 }]);
    expect(fromCsv.data.unknown).toMatchObject([{ line: 3, key: 'No Such Skin (Factory New)' }]);

    const json = JSON.stringify([
      { id: b!.id, price: yuan(pb.ref + 9) },
      { market_hash_name: nameA, price: '1.5' },
      { id: b!.id, price: 12.5 },
      { id: 1.5, price: '1.00' },
      { id: b!.id, market_hash_name: nameA, price: '1.00' },
      { id: b!.id, price: '1.00', balance: 5 },
      'text',
    ]);
    const fromJson = await post('/api/admin/items/importPreview', { format: 'json', content: json });
    expect(fromJson.status, fromJson.msg).toBe(0);
    expect(fromJson.data.changes).toMatchObject([
      { line: 1, itemId: b!.id, newPriceFen: pb.ref + 9 },
      { line: 2, itemId: a!.id, newPriceFen: 150 },
    ]);
    expect(fromJson.data.invalid.map((x: { line: number }) => x.line)).toEqual([3, 4, 5, 6, 7]);
    expect(fromJson.data.invalid[0].reason).toContain('文本');
  });

  it('refuses malformed files, too many rows and too many bytes as a whole, writing nothing', async () => {
    const previews = await count(sql`SELECT count(*) AS n FROM item_price_imports`);
    const audits = await auditCount();
    const refused = async (params: Record<string, unknown>, code: Parameters<typeof errorStatus>[0]) => {
      const res = await post('/api/admin/items/importPreview', params);
      expect(res.status, `${String(params.content).slice(0, 40)}: ${res.msg}`).toBe(errorStatus(code));
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
    };
    await refused({ format: 'csv', content: 'name,price\nx,1.00' }, 'ADMIN_ITEM_IMPORT_FORMAT');
    await refused({ format: 'csv', content: 'price,id\n1.00,1' }, 'ADMIN_ITEM_IMPORT_FORMAT');
    await refused({ format: 'csv', content: 'id,price,extra\n1,1.00,x' }, 'ADMIN_ITEM_IMPORT_FORMAT');
    await refused({ format: 'csv', content: '\n \n' }, 'ADMIN_ITEM_IMPORT_FORMAT');
    await refused({ format: 'json', content: '[{"id": 1, "price": "1.00"' }, 'ADMIN_ITEM_IMPORT_FORMAT');
    await refused({ format: 'json', content: '{"id": 1, "price": "1.00"}' }, 'ADMIN_ITEM_IMPORT_FORMAT');
    await refused({ format: 'xml', content: '<x/>' }, 'PARAM_INVALID');
    await refused({ format: 'csv', content: '' }, 'PARAM_INVALID');
    const rows = (n: number) => ['id,price', ...Array.from({ length: n }, (_, i) => `${i + 1},1.00`)].join('\n');
    await refused({ format: 'csv', content: rows(ITEM_IMPORT_MAX_ROWS + 1) }, 'ADMIN_ITEM_IMPORT_TOO_LARGE');
    await refused(
      {
        format: 'json',
        content: JSON.stringify(Array.from({ length: ITEM_IMPORT_MAX_ROWS + 1 }, (_, i) => ({ id: i + 1, price: '1.00' }))),
      },
      'ADMIN_ITEM_IMPORT_TOO_LARGE',
    );
    // 1 MB is counted in UTF-8 bytes: 350,000 Chinese characters are 1.05 MB.
    await refused({ format: 'csv', content: `market_hash_name,price\n${'刀'.repeat(350_000)},1.00` }, 'ADMIN_ITEM_IMPORT_TOO_LARGE');
    // A body far past the route's limit is refused before it is parsed.
    await refused({ format: 'csv', content: `id,price\n${'1'.repeat(4_000_000)},1.00` }, 'PAYLOAD_TOO_LARGE');
    expect(await count(sql`SELECT count(*) AS n FROM item_price_imports`)).toBe(previews);
    expect(await auditCount()).toBe(audits);

    // The limit is the route's own: a full 5,000-row list (far over the server's 64 KiB) previews.
    const big = await post('/api/admin/items/importPreview', { format: 'csv', content: rows(ITEM_IMPORT_MAX_ROWS) });
    expect(big.status, big.msg).toBe(0);
    expect(big.data.rows).toBe(ITEM_IMPORT_MAX_ROWS);
  });

  it("refuses a stale preview (a price or the rule changed since), another operator's preview and unknown ids, with no partial write", async () => {
    const [a, b, c] = await freshItems(3);
    const pa = await pricesOf(a!.id);
    const pb = await pricesOf(b!.id);
    const pc = await pricesOf(c!.id);
    const csv = `id,price\n${a!.id},${yuan(pa.ref + 5)}\n${b!.id},${yuan(pb.ref + 5)}\n${c!.id},${yuan(pc.ref + 5)}`;
    const preview = (await post('/api/admin/items/importPreview', { format: 'csv', content: csv })).data;
    expect(preview.changes).toHaveLength(3);
    // Someone changes b after the preview.
    expect((await post('/api/admin/items/price', { id: b!.id, priceFen: pb.ref + 50, reason: '人工调价' })).status).toBe(0);
    const before = { audit: await auditCount(), history: await historyCount() };
    expect((await post('/api/admin/items/importApply', { previewId: preview.previewId }, other.token)).status).toBe(
      errorStatus('ADMIN_ITEM_IMPORT_NOT_FOUND'),
    );
    expect((await post('/api/admin/items/importApply', { previewId: preview.previewId })).status).toBe(
      errorStatus('ADMIN_ITEM_IMPORT_STALE'),
    );
    expect(await pricesOf(a!.id)).toEqual(pa);
    expect(await pricesOf(c!.id)).toEqual(pc);
    expect(await pricesOf(b!.id)).toEqual({ ref: pb.ref + 50, rec: pb.ref + 50 });
    expect(await auditCount()).toBe(before.audit);
    expect(await historyCount()).toBe(before.history);

    // The recovery rule changes after a preview: refused too.
    const again = (await post('/api/admin/items/importPreview', { format: 'csv', content: `id,price\n${a!.id},${yuan(pa.ref + 5)}` })).data;
    expect((await post('/api/admin/items/recoveryRule', { rateBp: 9_500, reason: '调整回收比例' })).status).toBe(0);
    expect((await post('/api/admin/items/importApply', { previewId: again.previewId })).status).toBe(
      errorStatus('ADMIN_ITEM_IMPORT_STALE'),
    );
    expect((await post('/api/admin/items/recoveryRule', { rateBp: 10_000, reason: '恢复回收比例' })).status).toBe(0);
    expect(await pricesOf(a!.id)).toEqual(pa);

    // A preview older than 30 minutes is gone.
    const old = (await post('/api/admin/items/importPreview', { format: 'csv', content: `id,price\n${a!.id},${yuan(pa.ref + 5)}` })).data;
    await db().execute(sql`UPDATE item_price_imports SET expires_at = now() - interval '1 second' WHERE id = ${old.previewId}`);
    expect((await post('/api/admin/items/importApply', { previewId: old.previewId })).status).toBe(
      errorStatus('ADMIN_ITEM_IMPORT_NOT_FOUND'),
    );
    expect(await pricesOf(a!.id)).toEqual(pa);

    const nothing = (await post('/api/admin/items/importPreview', { format: 'csv', content: `id,price\n${a!.id},${yuan(pa.ref)}` })).data;
    expect(nothing.changes).toHaveLength(0);
    expect((await post('/api/admin/items/importApply', { previewId: nothing.previewId })).status).toBe(
      errorStatus('ADMIN_ITEM_IMPORT_EMPTY'),
    );
    expect((await post('/api/admin/items/importApply', { previewId: 'f'.repeat(32) })).status).toBe(
      errorStatus('ADMIN_ITEM_IMPORT_NOT_FOUND'),
    );
    expect((await post('/api/admin/items/importApply', { previewId: '../x' })).status).toBe(errorStatus('PARAM_INVALID'));
  });
});

describe('concurrent applies', () => {
  it('applies a preview once when two applies race (PostgreSQL shows the race; PGlite serialises it)', async () => {
    const items = await freshItems(5);
    const lines = await Promise.all(items.map(async (i) => `${i.id},${yuan((await pricesOf(i.id)).ref + 3)}`));
    const preview = (await post('/api/admin/items/importPreview', { format: 'csv', content: ['id,price', ...lines].join('\n') })).data;
    const history = await historyCount();
    const audits = await auditCount();
    const results = await Promise.all([1, 2, 3].map(() => post('/api/admin/items/importApply', { previewId: preview.previewId })));
    expect(results.map((r) => r.status).sort()).toEqual(
      [0, errorStatus('ADMIN_ITEM_IMPORT_APPLIED'), errorStatus('ADMIN_ITEM_IMPORT_APPLIED')].sort(),
    );
    expect(await historyCount()).toBe(history + 5);
    expect(await auditCount()).toBe(audits + 1);
  });
});
