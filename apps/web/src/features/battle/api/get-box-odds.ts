import { queryOptions, useQueries } from '@tanstack/react-query';
import { boxDetailSchema, type BoxDetail } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import type { BoxOdds } from '../battle-verify';

/**
 * GET /api/case/caseDetail {caseId}: the box's current odds version and its ranges (the box pages' own
 * cache key). The verify page uses them only when the version is the one the battle fixed; a withdrawn
 * box is no error to show, the page then checks each roll against its recorded range alone.
 */
const boxOddsQuery = (boxId: number) =>
  queryOptions({
    queryKey: queryKeys.caseDetail(boxId),
    queryFn: ({ signal }) => apiGet('/api/case/caseDetail', { caseId: boxId }, { schema: boxDetailSchema, signal, skipErrorToast: true }),
    staleTime: 5 * 60_000,
  });

type BoxOddsResult = { data?: BoxDetail | undefined; isPending: boolean };

// Module-level, so TanStack Query hands back the same object until a result changes (the check is costly).
function combine(results: BoxOddsResult[]) {
  const odds = new Map<number, BoxOdds>();
  for (const r of results) {
    if (!r.data) continue;
    odds.set(r.data.id, {
      boxId: r.data.id,
      version: r.data.version,
      oddsHash: r.data.oddsHash,
      ranges: r.data.gifts.map((g) => ({ itemId: g.giftId, low: g.rollCodeLow, high: g.rollCodeHigh })),
    });
  }
  return { odds, settled: results.every((r) => !r.isPending) };
}

/** The range tables of the battle's boxes, keyed by box id; `settled` once every request has answered. */
export const useBoxOdds = (boxIds: number[], enabled: boolean) =>
  useQueries({ queries: boxIds.map((id) => ({ ...boxOddsQuery(id), enabled })), combine });
