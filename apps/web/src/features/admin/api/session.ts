import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminLoginResult, adminMeResult } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest, adminToken, AdminApiError } from './admin-client';

/** The operator behind this tab's token; refused (no token, idle, pending two-factor) → log in again. */
export const adminMeQuery = () =>
  queryOptions({
    queryKey: adminKeys.me(),
    queryFn: () => {
      if (!adminToken.get()) throw new AdminApiError(-1, 'no token');
      return adminRequest('GET', '/api/admin/me', {}, adminMeResult);
    },
    retry: false,
    staleTime: 30_000,
  });

export const useAdminMe = () => useQuery(adminMeQuery());

export function useAdminLogin() {
  return useMutation({
    mutationFn: async (params: { name: string; password: string }) => {
      adminToken.clear();
      const result = await adminRequest('POST', '/api/admin/login', params, adminLoginResult);
      adminToken.set(result.token);
      return result;
    },
  });
}

export function useAdminVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => adminRequest('POST', '/api/admin/totp', { code }, adminMeResult),
    onSuccess: (me) => queryClient.setQueryData(adminKeys.me(), me),
  });
}

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest('POST', '/api/admin/logout', {}, z.literal(true)).catch(() => true),
    onSettled: () => {
      adminToken.clear();
      queryClient.removeQueries({ queryKey: adminKeys.all });
    },
  });
}
