import { z } from 'zod';
import { limits } from './constants.js';

/**
 * Parameter building blocks. Every parameter may arrive as a query-string or form value (a string) or
 * as a JSON value, so numbers and booleans accept both forms (design §2).
 */
export const intParam = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number().int().min(min).max(max),
  );

export const boolParam = z.preprocess((v) => {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean());

/** `-1` means "all" for filters (api-shapes §3). */
export const filterParam = intParam(-1, 2_147_483_647);

/** An id: a positive integer that fits a PostgreSQL bigint and a JS safe integer. */
export const idParam = intParam(1, Number.MAX_SAFE_INTEGER);

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
