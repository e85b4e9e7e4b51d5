import type { z } from 'zod';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { adminRequest, type AdminParams } from './admin-client';

/** Rows per page of every console list. */
export const ADMIN_PAGE_SIZE = 20;

/** A list's filters as the screens declare them (interfaces of strings, numbers and flags). */
type ListParams<F> = { [K in keyof F]: AdminParams[string] };

/**
 * One page of a console list for its filters: the previous page stays on screen while the next one loads,
 * so the table and the pager do not jump.
 */
export const adminPageQuery = <F extends ListParams<F>, T>(queryKey: QueryKey, path: string, filters: F, schema: z.ZodType<T>) =>
  queryOptions({
    queryKey,
    queryFn: () => adminRequest('GET', path, { ...(filters as AdminParams), pageSize: ADMIN_PAGE_SIZE }, schema),
    placeholderData: keepPreviousData,
  });

/** One record of a list, asked for only while one is open: none is while its key (`params`) holds a null. */
export const adminDetailQuery = <T>(queryKey: QueryKey, path: string, params: AdminParams, schema: z.ZodType<T>) =>
  queryOptions({
    queryKey,
    queryFn: () => adminRequest('GET', path, params, schema),
    enabled: Object.values(params).every((value) => value !== null),
  });

/** Every console change refreshes the whole console: lists, open details and the audit log. */
export function useAdminChange<P, R>(run: (params: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
