import { useQuery } from '@tanstack/react-query';
import { giveawayRoomSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { giveawayKeys } from './giveaway-keys';

/** The list tabs: 1 official, 2 streamer and player rooms, 0 rooms I joined (login). */
export type GiveawayListType = 0 | 1 | 2;
/** -1 all, 1 in progress, 2 ended, 3 cancelled. */
export type GiveawayListState = -1 | 1 | 2 | 3;

export const GIVEAWAY_PAGE_SIZE = 12;

/** GET /api/giveaway/page {type, state, page, pageSize}. */
export const giveawayPageQuery = (params: { type: GiveawayListType; state: GiveawayListState; page: number }) =>
  pageQuery({
    queryKey: params.type === 0 ? giveawayKeys.mine({ state: params.state, page: params.page }) : giveawayKeys.list(params),
    path: '/api/giveaway/page',
    params: { ...params, pageSize: GIVEAWAY_PAGE_SIZE },
    item: giveawayRoomSchema,
  });

export const useGiveawayPage = (params: { type: GiveawayListType; state: GiveawayListState; page: number }, enabled = true) =>
  useQuery({ ...giveawayPageQuery(params), enabled });
