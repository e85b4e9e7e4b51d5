/** Query keys of the console; every change invalidates `all`, so lists and the audit log refresh together. */
export const adminKeys = {
  all: ['admin'] as const,
  me: () => ['admin', 'me'] as const,
  ownSessions: () => ['admin', 'account', 'sessions'] as const,
  operators: (params: object) => ['admin', 'operators', params] as const,
  audit: (params: object) => ['admin', 'audit', params] as const,
};
