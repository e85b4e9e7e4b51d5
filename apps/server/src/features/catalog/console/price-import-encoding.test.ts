import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus, ITEM_IMPORT_MAX_BYTES } from '@skinfair/contract';
import { post, count, auditCount, pricesOf, freshItems, get } from './items-fixture.js';
import { decodePriceFile } from './price-file.js';

/**
 * Issue 27 §8: what Excel on Chinese Windows saves ("CSV (逗号分隔)") is GBK, CRLF, no BOM. The fixtures are
 * the bytes such a file holds, written out by hand (Node has no GBK encoder, so nothing here round-trips).
 */
const GBK = {
  红线: [0xba, 0xec, 0xcf, 0xdf],
  久经沙场: [0xbe, 0xc3, 0xbe, 0xad, 0xc9, 0xb3, 0xb3, 0xa1],
  消音型: [0xcf, 0xfb, 0xd2, 0xf4, 0xd0, 0xcd],
  氮化处理: [0xb5, 0xaa, 0xbb, 0xaf, 0xb4, 0xa6, 0xc0, 0xed],
};
const RED_LINE = 'AK-47 | 红线 (久经沙场)';
const NITRE = 'M4A1 消音型 | 氮化处理';

/** A file from ASCII text and raw byte runs. */
function bytesOf(...parts: Array<string | number[]>): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') out.push(...part);
    else for (const ch of part) out.push(ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : Number.NaN);
  }
  if (out.some(Number.isNaN)) throw new Error('only ASCII in string parts');
  return Uint8Array.from(out);
}
const gbkRedLine = ['AK-47 | ', GBK.红线, ' (', GBK.久经沙场, ')'];
const gbkNitre = ['M4A1 ', GBK.消音型, ' | ', GBK.氮化处理];
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const marketNameOf = async (id: number) => (await get('/api/admin/items/detail', { id })).data.marketHashName as string;

describe('price-list files in GBK/GB18030 and UTF-8', () => {
  it('reads the fixtures as the Chinese text they are (the bytes are right)', () => {
    expect(decodePriceFile(bytesOf(...gbkRedLine))).toMatchObject({ text: RED_LINE, encoding: 'gb18030' });
    expect(decodePriceFile(bytesOf(...gbkNitre))).toMatchObject({ text: NITRE, encoding: 'gb18030' });
    // A pure-ASCII list is the same in both; it is read as UTF-8.
    expect(decodePriceFile(bytesOf('id,price\r\n1,1.00'))).toMatchObject({ text: 'id,price\r\n1,1.00', encoding: 'utf-8' });
  });

  it('previews and applies a CSV that Excel saved in GBK: matched rows change, Chinese names come back unmangled', async () => {
    const [a] = await freshItems(1);
    const before = await pricesOf(a!.id);
    const file = bytesOf(
      'market_hash_name,price\r\n',
      `${await marketNameOf(a!.id)},${yuan(before.ref + 7)}\r\n`,
      ...gbkRedLine,
      ',12.00\r\n',
      '"',
      ...gbkNitre,
      '",',
      [0xbc, 0xdb, 0xb8, 0xf1], // 价格: a price that is not a number
      '\r\n',
    );
    const res = await post('/api/admin/items/importPreview', { format: 'csv', contentBase64: base64(file) });
    expect(res.status, res.msg).toBe(0);
    expect(res.data).toMatchObject({ encoding: 'gb18030', fileHash: sha256(file), rows: 3 });
    expect(res.data.changes).toEqual([expect.objectContaining({ line: 2, itemId: a!.id, newPriceFen: before.ref + 7 })]);
    expect(res.data.unknown).toEqual([{ line: 3, key: RED_LINE, reason: '找不到该 market_hash_name' }]);
    expect(res.data.invalid).toEqual([{ line: 4, key: NITRE, reason: expect.stringMatching(/价格格式错误/) }]);
    const applied = await post('/api/admin/items/importApply', { previewId: res.data.previewId });
    expect(applied.data).toEqual({ previewId: res.data.previewId, applied: 1, fileHash: sha256(file) });
    expect((await pricesOf(a!.id)).ref).toBe(before.ref + 7);
  });

  it('reads UTF-8 with and without a BOM, and a GBK JSON list', async () => {
    const [a] = await freshItems(1);
    const { ref } = await pricesOf(a!.id);
    const text = `id,price\n${a!.id},${yuan(ref + 3)}\n${RED_LINE},1.00\n`;
    const plain = new Uint8Array(Buffer.from(text, 'utf8'));
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...plain]);
    for (const file of [plain, withBom]) {
      const res = await post('/api/admin/items/importPreview', { format: 'csv', contentBase64: base64(file) });
      expect(res.status, res.msg).toBe(0);
      expect(res.data).toMatchObject({ encoding: 'utf-8', fileHash: sha256(file), rows: 2 });
      expect(res.data.changes.map((c: { itemId: number }) => c.itemId)).toEqual([a!.id]);
      expect(res.data.invalid).toEqual([{ line: 3, key: RED_LINE, reason: 'id 必须是正整数' }]);
    }
    const json = bytesOf('[{"market_hash_name": "', ...gbkRedLine, '", "price": "1.00"}]');
    const res = await post('/api/admin/items/importPreview', { format: 'json', contentBase64: base64(json) });
    expect(res.data).toMatchObject({ encoding: 'gb18030', unknown: [{ line: 1, key: RED_LINE, reason: expect.any(String) }] });
    // Pasted text is UTF-8 already, hashed as the file it would be.
    const pasted = await post('/api/admin/items/importPreview', { format: 'csv', content: text });
    expect(pasted.data).toMatchObject({ encoding: 'utf-8', fileHash: sha256(plain) });
  });

  it('refuses bytes in no encoding it reads, a file past 1 MB, and a request with both or neither form, storing nothing', async () => {
    const previews = await count(sql`SELECT count(*) AS n FROM item_price_imports`);
    const audits = await auditCount();
    const refused = async (params: Record<string, unknown>, code: Parameters<typeof errorStatus>[0]) => {
      const res = await post('/api/admin/items/importPreview', { format: 'csv', ...params });
      expect(res.status, res.msg).toBe(errorStatus(code));
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
    };
    const utf16 = new Uint8Array(Buffer.from('id,price\r\n1,1.00', 'utf16le'));
    await refused({ contentBase64: base64(Uint8Array.from([0xff, 0xfe, ...utf16])) }, 'ADMIN_ITEM_IMPORT_ENCODING');
    await refused({ contentBase64: base64(utf16) }, 'ADMIN_ITEM_IMPORT_ENCODING');
    // A GBK lead byte cut off at the end of the file, and 0xFF, which GB18030 never uses.
    await refused({ contentBase64: base64(bytesOf('id,price\r\n1,1.00', [0xba])) }, 'ADMIN_ITEM_IMPORT_ENCODING');
    await refused({ contentBase64: base64(bytesOf('id,price\r\n', [0xff], ',1.00')) }, 'ADMIN_ITEM_IMPORT_ENCODING');
    const big = new Uint8Array(ITEM_IMPORT_MAX_BYTES + 1).fill(0x31);
    await refused({ contentBase64: base64(big) }, 'ADMIN_ITEM_IMPORT_TOO_LARGE');
    await refused({ content: 'id,price\n1,1.00', contentBase64: base64(bytesOf('id,price\n1,1.00')) }, 'PARAM_INVALID');
    await refused({}, 'PARAM_INVALID');
    await refused({ contentBase64: 'not base64!' }, 'PARAM_INVALID');
    expect(await count(sql`SELECT count(*) AS n FROM item_price_imports`)).toBe(previews);
    expect(await auditCount()).toBe(audits);
  });
});
