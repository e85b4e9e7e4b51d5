import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminBoxDetailSchema, adminBoxPage, adminBoxThemes, adminItemPage, type BoxDropInput } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';
import { adminPageQuery, useAdminChange } from './admin-query';

/** The Boxes screen's calls (/api/admin/boxes/*, docs/OPERATIONS.md). */

export interface BoxFilters {
  search: string;
  /** -1 all. */
  themeId: number;
  /** -1 all, 0 disabled, 1 enabled. */
  enabled: number;
  page: number;
}

const boxesKey = ['admin', 'boxes'] as const;

export const boxesQuery = (filters: BoxFilters) =>
  adminPageQuery([...boxesKey, 'list', filters], '/api/admin/boxes', filters, adminBoxPage);
export const useBoxes = (filters: BoxFilters) => useQuery(boxesQuery(filters));

export const boxDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...boxesKey, 'detail', id],
    queryFn: () => adminRequest('GET', '/api/admin/boxes/detail', { id }, adminBoxDetailSchema),
  });
export const useBoxDetail = (id: number | null) => useQuery({ ...boxDetailQuery(id ?? 0), enabled: id !== null });

export const useBoxThemes = () =>
  useQuery({
    queryKey: [...boxesKey, 'themes'],
    queryFn: () => adminRequest('GET', '/api/admin/boxes/themes', {}, adminBoxThemes),
    staleTime: 60_000,
  });

export interface ThemeInput {
  id?: number;
  name: string;
  boxType: number;
  weight: number;
}

/** Create (no id) or edit a theme; the answer is the whole list, which replaces the cached one. */
export function useSaveTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (theme: ThemeInput) => adminRequest('POST', '/api/admin/boxes/themes/save', { ...theme }, adminBoxThemes),
    onSuccess: (themes) => {
      queryClient.setQueryData([...boxesKey, 'themes'], themes);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export const useItemSearch = (search: string, page: number) =>
  useQuery({
    queryKey: [...boxesKey, 'items', search, page],
    queryFn: () => adminRequest('GET', '/api/admin/boxes/items', { search, page, pageSize: 10 }, adminItemPage),
    placeholderData: keepPreviousData,
  });

export interface BoxSettingsInput {
  name: string;
  image: string;
  themeId: number;
  priceFen: number;
  enabled: boolean;
  battleEligible: boolean;
}

type BoxChange =
  | ({ kind: 'create'; drops: BoxDropInput[] } & BoxSettingsInput)
  | ({ kind: 'update'; id: number } & Partial<BoxSettingsInput>)
  | { kind: 'publish'; id: number; drops: BoxDropInput[]; priceFen?: number };

/**
 * Every change is audited on the server; lists, the detail and the audit log refresh after it. The form
 * post carries the drop list as one JSON field (the contract accepts it either way).
 */
export const useBoxChange = () =>
  useAdminChange((change: BoxChange) => {
    const { kind, ...rest } = change;
    const params = 'drops' in rest ? { ...rest, drops: JSON.stringify(rest.drops) } : rest;
    return adminRequest('POST', `/api/admin/boxes/${kind}`, params, adminBoxDetailSchema);
  });
