import { readItem, writeItem } from './local';

/**
 * A random id for this browser, kept in localStorage and sent as the `device-id` header on every API
 * call: the server caps sign-up bonuses per device as well as per person (docs/decisions/0016).
 */
export const DEVICE_KEY = 'sf_device';
const SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

let fallback: string | null = null;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function getDeviceId(): string {
  const stored = readItem(DEVICE_KEY);
  if (stored && SHAPE.test(stored)) return stored;
  // Storage unavailable: one id for this page view at least.
  fallback ??= randomId();
  writeItem(DEVICE_KEY, fallback);
  return fallback;
}
