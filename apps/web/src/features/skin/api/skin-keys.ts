/** Query keys of the skin catalogue: public reference data, under ['skin']. */
export const skinKeys = {
  all: ['skin'] as const,
  page: (params: Record<string, string | number>) => ['skin', 'page', params] as const,
  detail: (itemId: number) => ['skin', 'detail', itemId] as const,
};
