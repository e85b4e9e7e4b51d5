import { formatFen } from '@skinfair/contract';

/**
 * The site's one money formatter (spec §5, issue 30 §8): two decimals, a trailing .00 dropped, the sign in
 * front of the symbol ("-¥181.12", never "¥-181.12"). Amounts arrive as integer fen (design §3).
 */
export function formatMoney(fen: number, symbol = '¥'): string {
  return fen < 0 ? `-${symbol}${formatFen(-fen)}` : `${symbol}${formatFen(fen)}`;
}

/** A change of balance: "+¥12.50" in, "-¥3" out, "¥0" for none. */
export function formatMoneyChange(fen: number, symbol = '¥'): string {
  return fen > 0 ? `+${formatMoney(fen, symbol)}` : formatMoney(fen, symbol);
}

/** Points are not money: the same digits (points are counted in hundredths too), never a currency sign. */
export function formatPoints(fen: number): string {
  return formatFen(fen);
}

/** A price filter's bound: "12.5" (yuan, as typed) → "1250" (fen); anything else → '' (no bound). */
export function yuanTextToFenText(text: string): string {
  const trimmed = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return '';
  const [whole = '0', cents = ''] = trimmed.split('.');
  return String(Number(whole) * 100 + Number(cents.padEnd(2, '0')));
}
