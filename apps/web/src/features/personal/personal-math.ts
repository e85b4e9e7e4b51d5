import { parseYuanToFen } from '@skinfair/contract';

export type Tone = 'in' | 'out' | 'zero';

/** A flow amount: "+" and green for money in, "−" and red for money out (the ledger's sign). */
export function signedChange(fen: number, money: (fen: number) => string): { text: string; tone: Tone } {
  if (fen > 0) return { text: `+${money(fen)}`, tone: 'in' };
  if (fen < 0) return { text: `-${money(-fen)}`, tone: 'out' };
  return { text: money(0), tone: 'zero' };
}
export const toneClass: Record<Tone, string> = {
  in: 'text-emerald-400',
  out: 'text-accent-red',
  zero: 'text-slate-400',
};

/**
 * Progress toward the next VIP grade: experience (fen deposited) over the next threshold, 0–100, and
 * what is still missing. The top grade is 100 % with nothing missing.
 */
export function vipProgress(exp: number, nextExp: number | null): { percent: number; remaining: number } {
  if (nextExp === null || nextExp <= 0) return { percent: 100, remaining: 0 };
  const percent = Math.min(100, Math.max(0, Math.floor((exp / nextExp) * 1000) / 10));
  return { percent, remaining: Math.max(0, nextExp - exp) };
}

/** Basis points as a percentage text: 100 → "1", 50 → "0.5", 250 → "2.5". */
export const bpPercent = (bp: number) => String(Math.round(bp) / 100);

export const MIN_TRANSFER_FEN = 100;
export type TransferError = 'invalid' | 'min' | 'over';

/** The transfer form: yuan typed, at least ¥1 (the server's minimum), at most the secondary balance. */
export function checkTransfer(text: string, secondaryFen: number): { fen: number } | { error: TransferError } {
  const fen = parseYuanToFen(text);
  if (fen === null) return { error: 'invalid' };
  if (fen < MIN_TRANSFER_FEN) return { error: 'min' };
  if (fen > secondaryFen) return { error: 'over' };
  return { fen };
}

/** Copies text; falls back to a hidden textarea where the async clipboard is missing or refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the textarea
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}
