/**
 * Query keys of the dream feature. Public lists sit under ['dream'] so a dream refreshes every record list
 * at once; the stake items sit under the shared backpack key (a box opening or a swap changes them too) and
 * the player's log under ['user'], so logout drops both.
 */
export const dreamKeys = {
  all: ['dream'] as const,
  config: ['dream', 'config'] as const,
  targets: (params: Record<string, string | number | undefined>) => ['dream', 'targets', params] as const,
  records: ['dream', 'records'] as const,
  recordPage: (page: number, pageSize: number) => ['dream', 'records', { page, pageSize }] as const,
  stakeItems: (page: number) => ['user', 'backpack', 'dreamStake', page] as const,
  myLogAll: ['user', 'dream'] as const,
  myLog: (page: number) => ['user', 'dream', 'log', page] as const,
};
