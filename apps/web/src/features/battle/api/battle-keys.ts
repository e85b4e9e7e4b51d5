/**
 * Query keys of the battle feature. Everything public sits under ['battle'] so a live battle event can
 * refresh every list and room at once; the caller's own list sits under ['user'] so logout drops it.
 */
export const battleKeys = {
  all: ['battle'] as const,
  lists: ['battle', 'list'] as const,
  list: (params: { mode: number; state: number; page: number }) => ['battle', 'list', 'all', params] as const,
  current: (params: { mode: number; page: number }) => ['battle', 'list', 'current', params] as const,
  home: ['battle', 'list', 'home'] as const,
  mine: (params: { mode: number; page: number }) => ['user', 'battle', 'mine', params] as const,
  mineAll: ['user', 'battle'] as const,
  detail: (battleCode: string) => ['battle', 'detail', battleCode] as const,
  results: (battleCode: string) => ['battle', 'results', battleCode] as const,
  bots: ['battle', 'bots'] as const,
  rank: ['battle', 'rank'] as const,
  themes: ['battle', 'themes'] as const,
};
