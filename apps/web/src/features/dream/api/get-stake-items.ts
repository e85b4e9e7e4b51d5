import { dreamStakeItemSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { dreamKeys } from './dream-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

export const STAKE_PAGE_SIZE = 24;

/** GET /api/upgrade/myVoucher (login): the caller's backpack items that may be staked, dearest first. */
export const stakeItemsQuery = (page: number) =>
  pageQuery({
    queryKey: dreamKeys.stakeItems(page),
    path: '/api/upgrade/myVoucher',
    params: { page, pageSize: STAKE_PAGE_SIZE, orderByPrice: 'desc' },
    item: dreamStakeItemSchema,
  });

export function useStakeItems(page: number) {
  return useLoggedInQuery(stakeItemsQuery(page));
}
