import { formatFen } from '@skinfair/contract';

/** Spec §5: two decimals, a trailing .00 dropped. Amounts arrive as integer fen (design §3). */
export function formatMoney(fen: number, symbol = '¥'): string {
  return `${symbol}${formatFen(fen)}`;
}
