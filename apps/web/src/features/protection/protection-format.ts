/** Beijing time as the server's messages write it (shared with the withdrawal hold notices). */
export { beijingTime } from '../../shared/format/beijing-time';

/** "500" or "500.5" yuan → fen; null when it is not a positive amount with at most two decimals. */
export function yuanToFen(text: string): number | null {
  const s = text.trim();
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(s)) return null;
  const fen = Math.round(Number(s) * 100);
  return fen > 0 ? fen : null;
}
