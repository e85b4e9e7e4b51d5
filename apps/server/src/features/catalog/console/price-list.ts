import { ITEM_IMPORT_MAX_ROWS, ITEM_PRICE_MAX_FEN, yuanToFen } from '@skinfair/contract';
import { AppError } from '../../../platform/errors.js';

/**
 * A price list as an operator uploads it (docs/OPERATIONS.md, "Items and prices"), parsed strictly into
 * rows of (line, key, price in integer fen). Prices are yuan with at most two decimals, written as text
 * ("12.34"), and become fen by string arithmetic, never through a float.
 *
 * - CSV: a header row `market_hash_name,price` or `id,price` (that order; a UTF-8 BOM is allowed), then
 *   one row per item; fields may be double-quoted ("" inside a quoted field is a quote); blank lines are
 *   skipped; line numbers count every physical line, the header being line 1.
 * - JSON: an array of objects `{"market_hash_name": "…", "price": "12.34"}` or `{"id": 123, "price": "12.34"}`;
 *   a JSON number as the price is refused (it would be a float); `line` is the element's 1-based position.
 *
 * A row the parser cannot read is kept as invalid with its line and reason, so the preview can show it;
 * a file that is not a price list at all (no header, not an array) is refused as a whole. The text comes
 * decoded and its size checked (price-file.ts: UTF-8, or GBK/GB18030 as Excel on Chinese Windows saves).
 */

export type PriceKey = { kind: 'id'; id: number } | { kind: 'name'; name: string };
export interface PriceRow {
  line: number;
  key: PriceKey;
  /** The key as the file wrote it, for the preview. */
  keyText: string;
  priceFen: number;
}
export interface RowProblem {
  line: number;
  key: string;
  reason: string;
}
export interface ParsedPriceList {
  rows: PriceRow[];
  invalid: RowProblem[];
  /** Data rows read (valid and invalid). */
  total: number;
}

const ID_PATTERN = /^[1-9]\d{0,14}$/;
const NAME_MAX = 200;

function priceOf(text: string): { fen: number } | { reason: string } {
  const fen = yuanToFen(text.trim());
  if (fen === null) return { reason: '价格格式错误：应为元，最多两位小数，如 12.34' };
  if (fen < 1) return { reason: '价格必须大于 0' };
  if (fen > ITEM_PRICE_MAX_FEN) return { reason: '价格超出上限（10,000,000 元）' };
  return { fen };
}

function keyOf(kind: 'id' | 'name', raw: string): PriceKey | { reason: string } {
  const text = raw.trim();
  if (kind === 'id') {
    if (!ID_PATTERN.test(text)) return { reason: 'id 必须是正整数' };
    return { kind: 'id', id: Number(text) };
  }
  if (text === '') return { reason: '缺少 market_hash_name' };
  if (text.length > NAME_MAX) return { reason: 'market_hash_name 过长' };
  return { kind: 'name', name: text };
}

/** One CSV line into fields; null when a quote is left open or text follows a closing quote. */
function csvFields(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= line.length) return null;
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += line[i++];
      }
      fields.push(value);
      if (i === line.length) return fields;
      if (line[i] !== ',') return null;
      i++;
    } else {
      const next = line.indexOf(',', i);
      const value = next === -1 ? line.slice(i) : line.slice(i, next);
      if (value.includes('"')) return null;
      fields.push(value);
      if (next === -1) return fields;
      i = next + 1;
    }
  }
}

export function parseCsv(content: string): ParsedPriceList {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  let headerAt = lines.findIndex((l) => l.trim() !== '');
  if (headerAt === -1) throw new AppError('ADMIN_ITEM_IMPORT_FORMAT', 'empty');
  const header = csvFields(lines[headerAt]!)?.map((h) => h.trim().toLowerCase());
  const kind =
    header?.length === 2 && header[1] === 'price' ? (header[0] === 'id' ? 'id' : header[0] === 'market_hash_name' ? 'name' : null) : null;
  if (!kind) throw new AppError('ADMIN_ITEM_IMPORT_FORMAT', 'header');
  const rows: PriceRow[] = [];
  const invalid: RowProblem[] = [];
  let total = 0;
  for (let n = ++headerAt; n < lines.length; n++) {
    const text = lines[n]!;
    if (text.trim() === '') continue;
    if (++total > ITEM_IMPORT_MAX_ROWS) throw new AppError('ADMIN_ITEM_IMPORT_TOO_LARGE', 'rows');
    const line = n + 1;
    const fields = csvFields(text);
    if (!fields) {
      invalid.push({ line, key: text.slice(0, 60), reason: '引号不匹配' });
      continue;
    }
    if (fields.length !== 2) {
      invalid.push({ line, key: (fields[0] ?? '').slice(0, 60), reason: `应为 2 列，实际 ${fields.length} 列` });
      continue;
    }
    const key = keyOf(kind, fields[0]!);
    const keyText = fields[0]!.trim().slice(0, NAME_MAX);
    if ('reason' in key) {
      invalid.push({ line, key: keyText, reason: key.reason });
      continue;
    }
    const price = priceOf(fields[1]!);
    if ('reason' in price) invalid.push({ line, key: keyText, reason: price.reason });
    else rows.push({ line, key, keyText, priceFen: price.fen });
  }
  return { rows, invalid, total };
}

export function parseJson(content: string): ParsedPriceList {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    throw new AppError('ADMIN_ITEM_IMPORT_FORMAT', 'json');
  }
  if (!Array.isArray(data)) throw new AppError('ADMIN_ITEM_IMPORT_FORMAT', 'not an array');
  if (data.length > ITEM_IMPORT_MAX_ROWS) throw new AppError('ADMIN_ITEM_IMPORT_TOO_LARGE', 'rows');
  const rows: PriceRow[] = [];
  const invalid: RowProblem[] = [];
  data.forEach((entry: unknown, index) => {
    const line = index + 1;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      invalid.push({ line, key: '', reason: '应为对象' });
      return;
    }
    const record = entry as Record<string, unknown>;
    const keys = Object.keys(record);
    const hasId = Object.hasOwn(record, 'id');
    const hasName = Object.hasOwn(record, 'market_hash_name');
    const extra = keys.filter((k) => k !== 'id' && k !== 'market_hash_name' && k !== 'price');
    const keyValue = hasId ? record.id : record.market_hash_name;
    const keyText = typeof keyValue === 'string' || typeof keyValue === 'number' ? String(keyValue).trim().slice(0, NAME_MAX) : '';
    if (extra.length > 0)
      return void invalid.push({ line, key: keyText, reason: `未知字段：${extra.slice(0, 3).join(', ').slice(0, 60)}` });
    if (hasId === hasName) return void invalid.push({ line, key: keyText, reason: '需要且只能有 id 或 market_hash_name 之一' });
    if (typeof keyValue !== (hasId ? 'number' : 'string') && !(hasId && typeof keyValue === 'string'))
      return void invalid.push({ line, key: keyText, reason: hasId ? 'id 必须是正整数' : 'market_hash_name 必须是文本' });
    const key = keyOf(hasId ? 'id' : 'name', String(keyValue));
    if ('reason' in key) return void invalid.push({ line, key: keyText, reason: key.reason });
    if (typeof record.price !== 'string')
      return void invalid.push({ line, key: keyText, reason: '价格必须是文本形式的元，如 "12.34"（不接受数字，以免浮点误差）' });
    const price = priceOf(record.price);
    if ('reason' in price) invalid.push({ line, key: keyText, reason: price.reason });
    else rows.push({ line, key, keyText, priceFen: price.fen });
  });
  return { rows, invalid, total: data.length };
}
