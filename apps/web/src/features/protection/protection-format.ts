/** 2026-11-26 00:00 in Beijing time (UTC+8 all year), the time the server's messages use. */
export const beijingTime = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/** "500" or "500.5" yuan → fen; null when it is not a positive amount with at most two decimals. */
export function yuanToFen(text: string): number | null {
  const s = text.trim();
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(s)) return null;
  const fen = Math.round(Number(s) * 100);
  return fen > 0 ? fen : null;
}
