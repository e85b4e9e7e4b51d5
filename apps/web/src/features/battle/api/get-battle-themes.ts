import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { boxThemeSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { battleKeys } from './battle-keys';

/** Spec §7: the battle box picker asks for module 5, every theme (-1). */
const BATTLE_MODULE_ID = 5;

/** GET /api/common/getBoxBattleThemeList {moduleId, themeId}: the paid themes whose boxes a battle may use. */
export const battleThemesQuery = queryOptions({
  queryKey: battleKeys.themes,
  queryFn: ({ signal }) =>
    apiGet('/api/common/getBoxBattleThemeList', { moduleId: BATTLE_MODULE_ID, themeId: -1 }, { schema: z.array(boxThemeSchema), signal }),
  staleTime: 5 * 60_000,
});

export const useBattleThemes = () => useQuery(battleThemesQuery);
