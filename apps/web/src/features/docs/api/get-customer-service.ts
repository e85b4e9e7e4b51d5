import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerServiceSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/** GET /api/common/customerService (spec §7): the contact ways of the support page. */
export const customerServiceQuery = (locale: string) =>
  queryOptions({
    queryKey: ['docs', 'customerService', locale],
    queryFn: ({ signal }) => apiGet('/api/common/customerService', {}, { schema: customerServiceSchema, signal, skipErrorToast: true }),
    staleTime: 10 * 60_000,
  });

export function useCustomerService() {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery(customerServiceQuery(locale));
}
