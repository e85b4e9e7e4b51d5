import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  giveawayEntrySchema,
  giveawayPrizeSchema,
  giveawayRoomSchema,
  giveawayWinnerSchema,
  GiveawayState,
} from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { giveawayKeys } from './giveaway-keys';

/** GET /api/giveaway/detail {giveawayId}: the room with the viewer's eligibility and the fairness fields. */
export const giveawayDetailQuery = (id: number) =>
  queryOptions({
    queryKey: giveawayKeys.detail(id),
    queryFn: ({ signal }) =>
      apiGet('/api/giveaway/detail', { giveawayId: id }, { schema: giveawayRoomSchema, signal }),
  });

/** Past openTime and not drawn yet: the draw waits for its beacon round, so poll in case no socket is open. */
const DRAWING_POLL_MS = 3_000;

export const useGiveawayDetail = (id: number) =>
  useQuery({
    ...giveawayDetailQuery(id),
    enabled: id > 0,
    refetchInterval: (query) => {
      const room = query.state.data;
      return room && room.state === GiveawayState.running && room.entriesHash !== null ? DRAWING_POLL_MS : false;
    },
  });

/** GET /api/giveaway/giftList {giveawayId}: the prize pool in draw order. */
export const useGiveawayGifts = (id: number) =>
  useQuery({
    queryKey: giveawayKeys.gifts(id),
    queryFn: ({ signal }) =>
      apiGet('/api/giveaway/giftList', { giveawayId: id }, { schema: z.array(giveawayPrizeSchema), signal }),
    enabled: id > 0,
  });

/** GET /api/giveaway/partakeList {giveawayId}: the entries in join order. */
export const giveawayEntriesQuery = (id: number) =>
  queryOptions({
    queryKey: giveawayKeys.entries(id),
    queryFn: ({ signal }) =>
      apiGet('/api/giveaway/partakeList', { giveawayId: id }, { schema: z.array(giveawayEntrySchema), signal }),
  });

export const useGiveawayEntries = (id: number) => useQuery({ ...giveawayEntriesQuery(id), enabled: id > 0 });

/** GET /api/giveaway/winnerList {giveawayId}: after the draw, each winner with the prizes they won. */
export const useGiveawayWinners = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: giveawayKeys.winners(id),
    queryFn: ({ signal }) =>
      apiGet('/api/giveaway/winnerList', { giveawayId: id }, { schema: z.array(giveawayWinnerSchema), signal }),
    enabled: id > 0 && enabled,
  });
