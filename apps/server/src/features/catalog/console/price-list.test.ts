import { describe, expect, it } from 'vitest';
import { recoveryPriceOf, yuanToFen } from '@skinfair/contract';
import { parseCsv, parseJson } from './price-list.js';

describe('price-list parsing', () => {
  it('turns yuan text into exact fen without floats (19.99 × 100 is 1998.999… as a float)', () => {
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen('4.35')).toBe(435);
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('99999999.99')).toBe(9_999_999_999);
    expect(yuanToFen('1'.repeat(13))).toBeNull();
    for (const bad of ['', '.5', '1.', '1.234', '-1', '+1', '1e3', '1,00', ' 1', '0x10', '１２']) expect(yuanToFen(bad), bad).toBeNull();
    expect(recoveryPriceOf(12_345, 8_000)).toBe(9_876);
    expect(recoveryPriceOf(1, 5_000)).toBe(0);
  });

  it('reads quoted CSV fields with commas and doubled quotes, keeping physical line numbers', () => {
    const parsed = parseCsv('market_hash_name,price\r\n\r\n"A, ""B"" | C (Field-Tested)",1.00\n plain name ,2\n');
    expect(parsed.total).toBe(2);
    expect(parsed.rows).toEqual([
      { line: 3, key: { kind: 'name', name: 'A, "B" | C (Field-Tested)' }, keyText: 'A, "B" | C (Field-Tested)', priceFen: 100 },
      { line: 4, key: { kind: 'name', name: 'plain name' }, keyText: 'plain name', priceFen: 200 },
    ]);
    expect(parsed.invalid).toEqual([]);
  });

  it('keeps unreadable JSON rows with their position and reason', () => {
    const parsed = parseJson('[{"id": 3, "price": "1.00"}, {"id": 3, "price": 1}, null, {"id": "07", "price": "1"}]');
    expect(parsed.rows).toEqual([{ line: 1, key: { kind: 'id', id: 3 }, keyText: '3', priceFen: 100 }]);
    expect(parsed.invalid.map((p) => p.line)).toEqual([2, 3, 4]);
  });
});
