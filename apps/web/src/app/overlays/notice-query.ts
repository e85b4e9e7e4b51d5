import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { noticeSchema } from '@skinfair/contract';
import { apiGet } from '../../shared/api/client';
import { useSysConfig } from '../../shared/api/common-queries';
import { useLocaleStore } from '../../shared/i18n/locale-store';

/** GET /api/common/notice {topN 1} (spec §7): the newest notice, in the `lang` header's language. */
export const latestNoticeQuery = (locale: string) =>
  queryOptions({
    queryKey: ['content', 'notice', locale],
    queryFn: ({ signal }) => apiGet('/api/common/notice', { topN: 1 }, { schema: z.array(noticeSchema), signal, skipErrorToast: true }),
    staleTime: 10 * 60_000,
  });

/** The notice to show, only while sysConfig.showPublicText is on (spec §3); asked for only then. */
export function useLatestNotice() {
  const locale = useLocaleStore((s) => s.locale);
  const enabled = useSysConfig().data?.showPublicText === true;
  const query = useQuery({ ...latestNoticeQuery(locale), enabled });
  return { enabled, notice: enabled ? (query.data?.[0] ?? null) : null, isPending: enabled && query.isPending };
}
