/**
 * Query keys of the giveaways feature. Public rooms sit under ['giveaway'] so event 41 can refresh every
 * list at once; the rooms I joined sit under ['user'] so logout drops them.
 */
export const giveawayKeys = {
  all: ['giveaway'] as const,
  lists: ['giveaway', 'list'] as const,
  list: (params: { type: number; state: number; page: number }) => ['giveaway', 'list', params] as const,
  mineAll: ['user', 'giveaway'] as const,
  mine: (params: { state: number; page: number }) => ['user', 'giveaway', 'joined', params] as const,
  home: ['giveaway', 'list', 'home'] as const,
  /** The room as its viewer sees it (eligibility, joinFlag), and what it lists. */
  room: (id: number) => ['giveaway', 'room', id] as const,
  detail: (id: number) => ['giveaway', 'room', id, 'detail'] as const,
  gifts: (id: number) => ['giveaway', 'room', id, 'gifts'] as const,
  entries: (id: number) => ['giveaway', 'room', id, 'entries'] as const,
  winners: (id: number) => ['giveaway', 'room', id, 'winners'] as const,
};
