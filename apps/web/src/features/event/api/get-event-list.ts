import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventListSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { eventKeys } from './event-keys';

/** GET /api/event/list: the running activities with their rules, period and (logged in) my progress. */
export const eventListQuery = (locale: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: eventKeys.list(locale, loggedIn),
    queryFn: ({ signal }) => apiGet('/api/event/list', {}, { schema: eventListSchema, signal }),
  });

export function useEventList() {
  const locale = useLocaleStore((s) => s.locale);
  const loggedIn = useIsLoggedIn();
  return useQuery(eventListQuery(locale, loggedIn));
}
