import { formatFen } from '@skinfair/contract';
import { formatDateTime } from '../../../shared/format/beijing-time';
import { formatMoney, formatPoints } from '../../../shared/format/money';
import { auditFieldLabels, auditValueLabels } from '../i18n/audit-field-labels';
import { formatAuditMessage, pairIndex } from '../i18n/audit-messages';

/**
 * An audit row's before and after as labelled fields (issue 30 §8), instead of two blocks of JSON: one
 * line per field with both values in the operator's words: money in yuan, rates in per cent, times in
 * Beijing time, yes/no, states and roles translated. A nested object's fields are named under their
 * parent ("限额 · 每日上限"); a list of records is one line per record.
 */
export interface AuditFieldRow {
  key: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
  /** The field is new on the after side (a creation, a reason given with the change): nothing to compare. */
  added: boolean;
}

const MAX_TEXT = 120;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function fieldLabel(locale: string, key: string): string {
  return auditFieldLabels[key]?.[pairIndex(locale)] ?? key;
}

/** One value as text, by what its field name says it holds. */
export function formatAuditValue(locale: string, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return formatAuditMessage(locale, 'audit.none');
  if (typeof value === 'boolean') return formatAuditMessage(locale, value ? 'audit.yes' : 'audit.no');
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    // Points are counted in fen too, but they are not money: no currency sign.
    if (key.endsWith('Fen')) return /point/i.test(key) ? formatPoints(value) : formatMoney(value);
    if (key.endsWith('Bp')) return `${formatFen(value)}%`;
    return String(value);
  }
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return formatDateTime(value);
    const word = auditValueLabels[value];
    if (
      word &&
      (key === 'status' ||
        key === 'role' ||
        key === 'kind' ||
        key === 'rewardType' ||
        key === 'rewardKind' ||
        key === 'lang' ||
        key === 'source')
    ) {
      return word[pairIndex(locale)];
    }
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  }
  if (Array.isArray(value)) {
    if (value.every((v) => !isRecord(v) && !Array.isArray(v))) return value.map((v) => formatAuditValue(locale, key, v)).join('、');
    return value.map((v) => inline(locale, key, v)).join('；');
  }
  if (isRecord(value)) return inline(locale, key, value);
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** A record on one line: "饰品ID 12 · 权重 500". */
function inline(locale: string, key: string, value: unknown): string {
  if (!isRecord(value)) return formatAuditValue(locale, key, value);
  return Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${fieldLabel(locale, k)} ${formatAuditValue(locale, k, v)}`)
    .join(' · ');
}

/** The fields of one side, flattened one level of nesting: [key, label, value]. */
function fieldsOf(locale: string, side: unknown): Map<string, { label: string; value: unknown; key: string }> {
  const out = new Map<string, { label: string; value: unknown; key: string }>();
  if (!isRecord(side)) {
    if (side !== null && side !== undefined) out.set('value', { key: 'value', label: '', value: side });
    return out;
  }
  for (const [key, value] of Object.entries(side)) {
    if (value === undefined) continue;
    if (isRecord(value)) {
      for (const [inner, v] of Object.entries(value)) {
        if (v !== undefined)
          out.set(`${key}.${inner}`, { key: inner, label: `${fieldLabel(locale, key)} · ${fieldLabel(locale, inner)}`, value: v });
      }
    } else if (Array.isArray(value) && value.some(isRecord)) {
      value.forEach((v, i) =>
        out.set(`${key}.${i}`, {
          key,
          label: `${fieldLabel(locale, key)} ${formatAuditMessage(locale, 'audit.item', { n: i + 1 })}`,
          value: v,
        }),
      );
    } else {
      out.set(key, { key, label: fieldLabel(locale, key), value });
    }
  }
  return out;
}

/** Every field either side holds, the after side's order first; `changed` where the two texts differ. */
export function auditFieldRows(locale: string, before: unknown, after: unknown): AuditFieldRow[] {
  const b = fieldsOf(locale, before);
  const a = fieldsOf(locale, after);
  const keys = [...a.keys(), ...[...b.keys()].filter((k) => !a.has(k))];
  const none = formatAuditMessage(locale, 'audit.none');
  return keys.map((path) => {
    const field = a.get(path) ?? b.get(path)!;
    const beforeText = b.has(path) ? formatAuditValue(locale, field.key, b.get(path)!.value) : none;
    const afterText = a.has(path) ? formatAuditValue(locale, field.key, a.get(path)!.value) : none;
    return { key: path, label: field.label, before: beforeText, after: afterText, changed: beforeText !== afterText, added: !b.has(path) };
  });
}
