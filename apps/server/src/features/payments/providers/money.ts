/** "100.00" (yuan, as Alipay writes amounts) → 10000 fen; null for anything else (no floats on money). */
export function yuanToFen(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const fenToYuan = (fen: number): string => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Beijing wall-clock time, "yyyy-MM-dd HH:mm:ss" (Alipay's time_expire). */
export const beijingTime = (at: Date): string => new Date(at.getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

/** RFC 3339 with the +08:00 offset (WeChat Pay's time_expire). */
export const beijingRfc3339 = (at: Date): string => `${new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

/** A PEM key from configuration: the PEM itself, the same with literal "\n", or the bare base64 body. */
export function pemOf(text: string, kind: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  const unescaped = text.replace(/\\n/g, '\n').trim();
  if (unescaped.includes('-----BEGIN')) return unescaped;
  const body = unescaped.replace(/\s+/g, '');
  return `-----BEGIN ${kind}-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${kind}-----`;
}
