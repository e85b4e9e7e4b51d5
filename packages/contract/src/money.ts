/**
 * Money is integer fen everywhere (design §3). Display: two decimals, a trailing ".00" dropped (spec §5).
 * "12.50" stays "12.50": only an all-zero fraction is dropped.
 */
export function formatFen(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an integer amount: ${fen}`);
  const negative = fen < 0;
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  const text = cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Parses a user-typed yuan amount ("12", "12.5", "12.34") into fen; more than 2 decimals is refused. */
export function parseYuanToFen(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
}

/** Rounds a possibly fractional fen value (e.g. a percentage of an amount) up to whole fen (spec §5). */
export function roundUpFen(fen: number): number {
  return Math.ceil(fen - 1e-9);
}
