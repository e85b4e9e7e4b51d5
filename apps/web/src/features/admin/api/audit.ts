import { useQuery } from '@tanstack/react-query';
import { auditPage } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminPageQuery } from './admin-query';

export interface AuditFilters {
  operatorId: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
  page: number;
}

export const auditQuery = (filters: AuditFilters) => adminPageQuery(adminKeys.audit(filters), '/api/admin/audit', filters, auditPage);

export const useAudit = (filters: AuditFilters) => useQuery(auditQuery(filters));
