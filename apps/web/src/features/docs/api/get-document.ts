import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/** GET /api/common/document {key}: the text in the `lang` header's language, so the locale is in the key. */
export const documentQuery = (key: string, locale: string) =>
  queryOptions({
    queryKey: ['docs', 'document', key, locale],
    queryFn: ({ signal }) => apiGet('/api/common/document', { key }, { schema: documentSchema, signal, skipErrorToast: true }),
    staleTime: 10 * 60_000,
  });

export function useDocument(key: string) {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery(documentQuery(key, locale));
}
