import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OpenResult } from '@skinfair/contract';
import { queryKeys } from '../../../shared/api/query-keys';
import type { WeightedGift } from '../../../shared/reel/reel-math';

export type OpeningPhase = 'idle' | 'spinning' | 'result';

export interface Opening {
  phase: OpeningPhase;
  results: OpenResult[];
  gifts: readonly WeightedGift[];
  /** The server answered: refresh the header balance, backpack and seed nonce, then run the reels. */
  begin: (results: OpenResult[], gifts: readonly WeightedGift[]) => void;
  reveal: () => void;
  close: () => void;
}

/** The life of one opening: spinning reels, then the result dialog, then idle again. */
export function useOpening(): Opening {
  const queryClient = useQueryClient();
  const [state, setState] = useState<Pick<Opening, 'phase' | 'results' | 'gifts'>>({
    phase: 'idle',
    results: [],
    gifts: [],
  });
  const begin = useCallback(
    (results: OpenResult[], gifts: readonly WeightedGift[]) => {
      for (const queryKey of [queryKeys.userInfo, queryKeys.backpack, queryKeys.seeds, queryKeys.freeBoxes]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      setState({ phase: results.length > 0 ? 'spinning' : 'idle', results, gifts });
    },
    [queryClient],
  );
  const reveal = useCallback(() => setState((s) => ({ ...s, phase: s.results.length > 0 ? 'result' : 'idle' })), []);
  const close = useCallback(() => setState({ phase: 'idle', results: [], gifts: [] }), []);
  return { ...state, begin, reveal, close };
}
