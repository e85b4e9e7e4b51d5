import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { battleDetailSchema } from '@skinfair/contract';
import { useLiveStore } from '../../../shared/stores/live-store';
import { battleKeys } from '../api/battle-keys';

function apply(queryClient: QueryClient, data: unknown): void {
  const parsed = battleDetailSchema.safeParse(data);
  if (parsed.success) {
    const code = parsed.data.battleCode;
    queryClient.setQueryData(battleKeys.detail(code), parsed.data);
    // A revealed round adds rolls the room's results do not have yet.
    void queryClient.invalidateQueries({ queryKey: battleKeys.results(code) });
  }
  // A page's membership and order follow the server's filters, which this client does not repeat.
  void queryClient.invalidateQueries({ queryKey: battleKeys.lists });
  void queryClient.invalidateQueries({ queryKey: battleKeys.mineAll });
}

/** The value a store field held when the page mounted is older than what the page fetches: skip it. */
function useOnChange(value: unknown, onChange: (value: unknown) => void): void {
  const seen = useRef(value);
  useEffect(() => {
    if (value === seen.current) return;
    seen.current = value;
    if (value !== null) onChange(value);
  }, [value, onChange]);
}

/**
 * Spec §4: events 31 (created) and 32 (state) replace the stored battle values in the live store. Each
 * carries the room as getBattleDetail shows it, so the room's cache takes it as is and lists refetch.
 */
export function useBattleLive(): void {
  const queryClient = useQueryClient();
  const onEvent = useCallback((data: unknown) => apply(queryClient, data), [queryClient]);
  useOnChange(
    useLiveStore((s) => s.battleCreated),
    onEvent,
  );
  useOnChange(
    useLiveStore((s) => s.battleState),
    onEvent,
  );
  // Event 33 (the day's ranking changed): its payload shape is not in the spec, so the page refetches it.
  const onRank = useCallback(() => void queryClient.invalidateQueries({ queryKey: battleKeys.rank }), [queryClient]);
  useOnChange(
    useLiveStore((s) => s.battleRank),
    onRank,
  );
}
