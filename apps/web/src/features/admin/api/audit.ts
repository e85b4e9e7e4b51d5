import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditPage } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';

export interface AuditFilters {
  operatorId: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
  page: number;
}

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: () => adminRequest('GET', '/api/admin/audit', { ...filters, pageSize: 20 }, auditPage),
    placeholderData: keepPreviousData,
  });

export const useAudit = (filters: AuditFilters) => useQuery(auditQuery(filters));
