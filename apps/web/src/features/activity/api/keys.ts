/** Under ['user']: dropped at logout with the rest of the account's data. */
export const activityKeys = {
  all: ['user', 'activity'] as const,
  session: ['user', 'activity', 'session'] as const,
  realityCheck: ['user', 'activity', 'realityCheck'] as const,
  summary: (period: 'day' | 'month', span: number) => ['user', 'activity', 'summary', { period, span }] as const,
};
