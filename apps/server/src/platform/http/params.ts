import { AppError } from '../errors.js';

/** Names that could reach Object.prototype if an input object is ever spread or merged carelessly. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** No route takes more than a dozen parameters; a flood of keys is refused before any schema runs. */
const MAX_KEYS = 64;

function copyInto(target: Record<string, unknown>, source: unknown): void {
  if (!source || typeof source !== 'object' || Array.isArray(source)) return;
  for (const key of Object.keys(source)) {
    if (UNSAFE_KEYS.has(key)) throw new AppError('UNSAFE_PARAM_NAME', key);
    target[key] = (source as Record<string, unknown>)[key];
  }
}

function assertNoUnsafeKeys(value: unknown, depth = 0): void {
  // PostgreSQL text cannot hold NUL: refuse it here for every parameter of every route (issue 10 §7).
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new AppError('PARAM_INVALID', 'NUL in a parameter');
    return;
  }
  if (!value || typeof value !== 'object' || depth > 20) return;
  for (const key of Object.keys(value)) {
    if (UNSAFE_KEYS.has(key)) throw new AppError('UNSAFE_PARAM_NAME', key);
    assertNoUnsafeKeys((value as Record<string, unknown>)[key], depth + 1);
  }
}

/**
 * Design §2: parameters come in the query string, a form-encoded body or a JSON body; the server merges
 * them and the body wins. The result has no prototype, so no key can reach Object.prototype.
 */
export function mergeParams(query: unknown, body: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = Object.create(null);
  copyInto(merged, query);
  copyInto(merged, body);
  if (Object.keys(merged).length > MAX_KEYS) throw new AppError('PARAM_INVALID', 'too many parameters');
  assertNoUnsafeKeys(merged);
  return merged;
}
