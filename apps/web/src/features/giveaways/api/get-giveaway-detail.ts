import { queryOptions, useQuery } from '@tanstack/react-query';
import { giveawayRoomSchema, GiveawayState } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { serverNow } from '../../../shared/time/server-clock';
import { giveawayKeys } from './giveaway-keys';

/** GET /api/giveaway/detail {giveawayId}: the room with the viewer's eligibility and the fairness fields. */
export const giveawayDetailQuery = (id: number) =>
  queryOptions({
    queryKey: giveawayKeys.detail(id),
    queryFn: ({ signal }) => apiGet('/api/giveaway/detail', { giveawayId: id }, { schema: giveawayRoomSchema, signal }),
  });

/** Past openTime and not drawn yet: the draw waits for its beacon round, so poll in case no socket is open. */
const DRAWING_POLL_MS = 3_000;

export const useGiveawayDetail = (id: number) =>
  useQuery({
    ...giveawayDetailQuery(id),
    enabled: id > 0,
    refetchInterval: (query) => {
      const room = query.state.data;
      const due = room !== undefined && (room.entriesHash !== null || serverNow() >= Date.parse(room.openTime));
      return room?.state === GiveawayState.running && due ? DRAWING_POLL_MS : false;
    },
  });
