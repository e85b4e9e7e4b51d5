import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { CS2_MODULE_ID, boxThemeSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { battleKeys } from './battle-keys';

/** GET /api/common/getBoxBattleThemeList {moduleId, themeId} (spec §7: module 5, every theme): the paid themes whose boxes a battle may use. */
export const battleThemesQuery = queryOptions({
  queryKey: battleKeys.themes,
  queryFn: ({ signal }) =>
    apiGet('/api/common/getBoxBattleThemeList', { moduleId: CS2_MODULE_ID, themeId: -1 }, { schema: z.array(boxThemeSchema), signal }),
  staleTime: 5 * 60_000,
});

export const useBattleThemes = () => useQuery(battleThemesQuery);
