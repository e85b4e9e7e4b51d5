import { createHmac, timingSafeEqual } from 'node:crypto';

/** ±300 s between the provider's timestamp and ours (security.md "Payments"). */
export const SIGNATURE_WINDOW_S = 300;

export const signCallback = (secret: string, timestamp: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** Checked on the raw body, in constant time, before anything in it is parsed or trusted. */
export function verifyCallbackSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  nowS = Date.now() / 1000,
): boolean {
  if (!timestamp || !signature || !/^\d{9,11}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(nowS - Number(timestamp)) > SIGNATURE_WINDOW_S) return false;
  const expected = Buffer.from(signCallback(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
