import { imageFields } from '@skinfair/contract';

/** The image host is a fixed constant, the same locally and in production (spec §7); the server serves /img/*. */
export const IMAGE_HOST = '/img';

// A colour (#rrggbb) is left alone too: virtualImg of a name colour or frame is a colour, not a path.
const absolute = /^(?:https?:|data:|blob:|\/\/|#[0-9a-f]{3,8}$)/i;
const fieldSet: ReadonlySet<string> = new Set(imageFields);

/** Spec §3: relative values get the image-host prefix; absolute URLs are left alone. Idempotent. */
export function withImageHost(value: string): string {
  if (value === '' || absolute.test(value)) return value;
  if (value === IMAGE_HOST || value.startsWith(`${IMAGE_HOST}/`)) return value;
  return `${IMAGE_HOST}/${value.replace(/^\/+/, '')}`;
}

/**
 * Prefixes every spec §3 image field, recursively through objects and arrays (API data and live
 * payloads alike). Returns new objects; the input is not modified.
 */
export function prefixImages<T>(input: T): T {
  return prefixValue(input) as T;
}

function prefixValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prefixValue);
  if (!value || typeof value !== 'object' || !isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = fieldSet.has(key) && typeof field === 'string' ? withImageHost(field) : prefixValue(field);
  }
  return out;
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
