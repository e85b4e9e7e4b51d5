import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorPage, operatorSchema, type AdminRole } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';

export interface OperatorFilters {
  search: string;
  role: AdminRole | '';
  /** -1 all, 0 active, 1 disabled. */
  disabled: number;
  page: number;
}

export const operatorsQuery = (filters: OperatorFilters) =>
  queryOptions({
    queryKey: adminKeys.operators(filters),
    queryFn: () => adminRequest('GET', '/api/admin/operators', { ...filters, pageSize: 20 }, operatorPage),
    placeholderData: keepPreviousData,
  });

export const useOperators = (filters: OperatorFilters) => useQuery(operatorsQuery(filters));

type OperatorChange =
  | { kind: 'create'; name: string; password: string; role: AdminRole }
  | { kind: 'role'; id: number; role: AdminRole }
  | { kind: 'disabled'; id: number; disabled: boolean }
  | { kind: 'resetTotp'; id: number };

/** Every change is audited on the server; the operator list and the audit log refresh after it. */
export function useOperatorChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OperatorChange) => {
      const { kind, ...params } = change;
      const path = kind === 'create' ? '/api/admin/operators/create' : `/api/admin/operators/${kind}`;
      return adminRequest('POST', path, params, operatorSchema);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
