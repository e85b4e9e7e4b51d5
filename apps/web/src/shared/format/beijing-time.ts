/**
 * The site's one date formatter (issue 30 §8): every time a player or an operator reads is Beijing time
 * (Asia/Shanghai), whatever the browser's zone, as "2026-11-28 17:05:09". China has kept UTC+8 all year
 * since 1991, so the offset is a constant: no Intl time-zone data is needed and every browser agrees.
 * `minute` drops the seconds, the form the server's own messages use ("暂缓至 2026-11-26 00:00").
 */
const OFFSET_MS = 8 * 3_600_000;

export type TimeInput = string | number | Date | null | undefined;

export function formatDateTime(value: TimeInput, precision: 'second' | 'minute' = 'second'): string {
  if (value === null || value === undefined || value === '') return '—';
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return '—';
  const text = new Date(ms + OFFSET_MS).toISOString().replace('T', ' ');
  return text.slice(0, precision === 'minute' ? 16 : 19);
}

/** Minutes only, the form of the server's messages (holds, limits, exclusions). */
export const beijingTime = (value: TimeInput) => formatDateTime(value, 'minute');

/** A beacon round's Unix seconds, in Beijing time beside the seconds the formula uses. */
export const formatUnixSeconds = (unixS: number) => (Number.isFinite(unixS) ? formatDateTime(unixS * 1000) : '—');
