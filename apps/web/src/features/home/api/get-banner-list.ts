import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bannerSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/** GET /api/common/bannerList (spec §7): the banners scheduled now in the `lang` header's language. */
export const bannerListQuery = (locale: string) =>
  queryOptions({
    queryKey: ['home', 'banners', locale],
    queryFn: ({ signal }) => apiGet('/api/common/bannerList', {}, { schema: z.array(bannerSchema), signal, skipErrorToast: true }),
    staleTime: 5 * 60_000,
  });

export function useBannerList() {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery(bannerListQuery(locale));
}
