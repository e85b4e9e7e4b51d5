import { goldenCodeInput } from '@skinfair/contract';

/**
 * The contract's Golden Code input rule: spaces trimmed, letters upper-cased, then 6–32 letters or
 * digits. Returns the code to send, or null when the server would refuse the format.
 */
export function normalizeGoldenCode(text: string): string | null {
  const parsed = goldenCodeInput.safeParse(text);
  return parsed.success ? parsed.data : null;
}
