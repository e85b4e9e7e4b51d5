import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentSummarySchema, pageSchema, type DocumentCategory } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/** GET /api/common/documentList {category, page 1, pageSize 15} (spec §7). */
export const documentListQuery = (category: DocumentCategory, locale: string) =>
  queryOptions({
    queryKey: ['docs', 'list', category, locale],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/common/documentList',
        { category, page: 1, pageSize: 15 },
        { schema: pageSchema(documentSummarySchema), signal, skipErrorToast: true },
      ),
    staleTime: 10 * 60_000,
  });

export function useDocumentList(category: DocumentCategory) {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery(documentListQuery(category, locale));
}
