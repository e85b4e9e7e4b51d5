import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLiveStore } from '../../../shared/stores/live-store';
import { lastDropQuery } from '../api/get-last-drop';

/** Loads the first page of both lists and merges it behind whatever arrived live (spec §4). */
export function useSeedLiveFeed(): { loading: boolean } {
  const recent = useQuery(lastDropQuery(false));
  const top = useQuery(lastDropQuery(true));
  const seed = useLiveStore((s) => s.seed);

  useEffect(() => {
    if (recent.data || top.data) seed(recent.data ?? [], top.data ?? []);
  }, [recent.data, top.data, seed]);

  return { loading: recent.isPending || top.isPending };
}
