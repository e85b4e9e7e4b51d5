import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { documentSummarySchema, pageSchema, type DocumentCategory } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/** GET /api/common/documentList {category, keyword, page 1, pageSize 15} (spec §7). */
export const documentListQuery = (category: DocumentCategory, locale: string, keyword = '') =>
  queryOptions({
    queryKey: ['docs', 'list', category, locale, keyword],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/common/documentList',
        { category, page: 1, pageSize: 15, ...(keyword ? { keyword } : {}) },
        { schema: pageSchema(documentSummarySchema), signal, skipErrorToast: true },
      ),
    staleTime: 10 * 60_000,
  });

/** A search keeps the previous answer on screen while the next one loads (no flashing while typing). */
export function useDocumentList(category: DocumentCategory, keyword = '') {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery({ ...documentListQuery(category, locale, keyword.trim()), placeholderData: keepPreviousData });
}
