/**
 * A cheap check that a configured secret was generated, not typed: long enough, many distinct
 * characters, and at least ~112 bits by the character frequencies (a random 32-character hex string
 * passes; "changemechangemechangemechangeme" does not). Returns the problem, or null.
 */
export function secretStrengthProblem(secret: string): string | null {
  if (secret.length < 32) return 'too short: use at least 32 random characters (e.g. `openssl rand -base64 48`)';
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const n of counts.values()) {
    const p = n / secret.length;
    bitsPerChar -= p * Math.log2(p);
  }
  if (counts.size < 12 || bitsPerChar * secret.length < 112 || isPeriodic(secret) || longestRun(secret) >= 8) {
    return 'looks low-entropy (repeated or guessable); generate it, e.g. `openssl rand -base64 48`';
  }
  return null;
}

/** "abcabcabc…": the secret is one short unit repeated. */
function isPeriodic(s: string): boolean {
  for (let period = 1; period <= s.length / 2; period++) {
    let same = true;
    for (let i = period; i < s.length && same; i++) same = s[i] === s[i - period];
    if (same) return true;
  }
  return false;
}

/** Length of the longest run of consecutive character codes ("0123456789", "abcdefgh", "98765432"). */
function longestRun(s: string): number {
  let best = 1;
  let up = 1;
  let down = 1;
  for (let i = 1; i < s.length; i++) {
    const step = s.charCodeAt(i) - s.charCodeAt(i - 1);
    up = step === 1 ? up + 1 : 1;
    down = step === -1 ? down + 1 : 1;
    best = Math.max(best, up, down);
  }
  return best;
}
