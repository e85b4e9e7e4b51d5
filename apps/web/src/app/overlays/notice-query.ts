import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { noticeSchema } from '@skinfair/contract';
import { apiGet } from '../../shared/api/client';
import { useSysConfig } from '../../shared/api/common-queries';
import { useLocaleStore } from '../../shared/i18n/locale-store';

/**
 * How many current notices the 公告 list shows: the API's most (spec §7 topN ≤ 10). A list, not the newest
 * alone, so a new notice never hides the welcome notice with its 18+ and first-deposit text (issue 30 §9).
 */
export const NOTICE_LIST_SIZE = 10;

/** GET /api/common/notice {topN}: the published notices, newest first, in the `lang` header's language. */
export const noticesQuery = (locale: string) =>
  queryOptions({
    queryKey: ['content', 'notices', locale],
    queryFn: ({ signal }) =>
      apiGet('/api/common/notice', { topN: NOTICE_LIST_SIZE }, { schema: z.array(noticeSchema), signal, skipErrorToast: true }),
    staleTime: 10 * 60_000,
  });

/** The current notices, only while sysConfig.showPublicText is on (spec §3); asked for only then. */
export function useNotices() {
  const locale = useLocaleStore((s) => s.locale);
  const enabled = useSysConfig().data?.showPublicText === true;
  const query = useQuery({ ...noticesQuery(locale), enabled });
  return { enabled, notices: enabled ? (query.data ?? []) : [], isPending: enabled && query.isPending };
}
