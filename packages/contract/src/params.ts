import { z } from 'zod';
import { limits } from './constants.js';

/**
 * Parameter building blocks. Every parameter may arrive as a query-string or form value (a string) or
 * as a JSON value, so numbers and booleans accept both forms (design §2).
 */
export const intParam = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().int().min(min).max(max));

export const boolParam = z.preprocess((v) => {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean());

/**
 * Numeric bounds come from the column a parameter is compared with or written to (issue 10 §7): a value
 * the schema lets through must fit it, or PostgreSQL refuses the query ("value out of range") and the
 * caller gets an internal error instead of a refusal.
 */
export const SMALLINT_MAX = 32_767;
export const INTEGER_MAX = 2_147_483_647;

/** `-1` means "all" for filters (api-shapes §3); for a filter on an integer column. */
export const filterParam = intParam(-1, INTEGER_MAX);
/** A filter on a smallint column (coupon types, states). */
export const smallFilterParam = intParam(-1, SMALLINT_MAX);

/** An id of a bigint column: a positive integer that fits a PostgreSQL bigint and a JS safe integer. */
export const idParam = intParam(1, Number.MAX_SAFE_INTEGER);
/** An id of an integer column (payment channels, virtual goods). */
export const intIdParam = intParam(1, INTEGER_MAX);

/**
 * An id this server minted (hex captcha and certification ids, order numbers): letters, digits, `_`, `-`.
 * Anything else cannot match one, and U+0000, which a PostgreSQL text value cannot hold, never reaches a query.
 */
export const tokenParam = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

/** Free text that reaches a text column: PostgreSQL cannot hold U+0000 in it. */
export const noNul = (s: string) => !s.includes('\u0000');

/** Page size is clamped to 1..100 (security.md: "Page size is clamped"). */
export const pagingParams = z.object({
  page: intParam(1, 1_000_000).default(1),
  pageSize: z
    .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().int())
    .default(limits.defaultPageSize)
    .transform((n) => Math.min(Math.max(n, 1), limits.maxPageSize)),
});
export type PagingParams = z.infer<typeof pagingParams>;

export const emptyParams = z.object({});
