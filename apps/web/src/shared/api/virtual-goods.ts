import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { virtualGoodSchema, type VirtualGood } from '@skinfair/contract';
import { useIsLoggedIn } from '../storage/use-is-logged-in';
import { apiGet } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /api/personalCenter/myVirtual (login): the goods the player owns, with what they wear. The header
 * (app/), the profile card and the virtual-goods page all show the worn ones, so it lives in shared/.
 */
export const myVirtualQuery = queryOptions({
  queryKey: queryKeys.myVirtual,
  queryFn: ({ signal }) =>
    apiGet('/api/personalCenter/myVirtual', {}, { schema: z.array(virtualGoodSchema), signal, skipErrorToast: true }),
  staleTime: 60_000,
});

/** Only plain hex colours are used as styles: a stored value can never smuggle other CSS in. */
const HEX = /^#[0-9a-f]{6}$/i;
const colourOf = (good: VirtualGood | undefined) => (good && HEX.test(good.virtualImg) ? good.virtualImg : null);

export interface EquippedLook {
  frameColor: string | null;
  nameColor: string | null;
}

export function lookOf(goods: readonly VirtualGood[] | undefined): EquippedLook {
  const worn = (goods ?? []).filter((g) => g.equipped);
  return {
    frameColor: colourOf(worn.find((g) => g.kind === 'avatar_frame')),
    nameColor: colourOf(worn.find((g) => g.kind === 'name_color')),
  };
}

/** The logged-in player's worn avatar frame and name colour (none for a guest). */
export function useEquippedLook(): EquippedLook {
  const loggedIn = useIsLoggedIn();
  const goods = useQuery({ ...myVirtualQuery, enabled: loggedIn }).data;
  return lookOf(loggedIn ? goods : undefined);
}
