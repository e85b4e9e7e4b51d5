import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { limits, pageSchema } from '@skinfair/contract';
import { apiGet, type Params } from './client';

/**
 * One page of a paged list call (design §2: {pageData, page, pageSize, totalRows, totalPages}), parsed by
 * the item's schema; the previous page stays on screen while the next one loads.
 */
export function pageQuery<T extends z.ZodType>(options: { queryKey: QueryKey; path: string; params: Params; item: T }) {
  const schema = pageSchema(options.item);
  return queryOptions({
    queryKey: options.queryKey,
    queryFn: ({ signal }) => apiGet(options.path, options.params, { schema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The usual paged list: only the page number varies, so the caller gets `(page) => options`. */
export function pageNumberQuery<T extends z.ZodType>(
  queryKey: (page: number) => QueryKey,
  path: string,
  item: T,
  pageSize: number = limits.defaultPageSize,
) {
  return (page: number) => pageQuery({ queryKey: queryKey(page), path, params: { page, pageSize }, item });
}
