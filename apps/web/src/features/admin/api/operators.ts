import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorPage, operatorResetResult, operatorSchema, type AdminRole } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';
import { adminPageQuery, useAdminChange } from './admin-query';

export interface OperatorFilters {
  search: string;
  role: AdminRole | '';
  /** -1 all, 0 active, 1 disabled. */
  disabled: number;
  page: number;
}

export const operatorsQuery = (filters: OperatorFilters) =>
  adminPageQuery(adminKeys.operators(filters), '/api/admin/operators', filters, operatorPage);

export const useOperators = (filters: OperatorFilters) => useQuery(operatorsQuery(filters));

type OperatorChange =
  | { kind: 'create'; name: string; password: string; role: AdminRole }
  | { kind: 'role'; id: number; role: AdminRole }
  | { kind: 'disabled'; id: number; disabled: boolean };

/** Every change is audited on the server; the operator list and the audit log refresh after it. */
export const useOperatorChange = () =>
  useAdminChange((change: OperatorChange) => {
    const { kind, ...params } = change;
    const path = kind === 'create' ? '/api/admin/operators/create' : `/api/admin/operators/${kind}`;
    return adminRequest('POST', path, params, operatorSchema);
  });

/**
 * An admin's reset of another operator's password or two-factor (issue 24 §10): the answer carries the
 * one-time password, to show once: the dialog holds it while open, and the mutation cache lets it go.
 */
export function useOperatorReset() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: ({ kind, id }: { kind: 'resetPassword' | 'resetTotp'; id: number }) =>
      adminRequest('POST', `/api/admin/operators/${kind}`, { id }, operatorResetResult),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
