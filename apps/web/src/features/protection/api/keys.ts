/** Under ['user']: dropped at logout with the rest of the account's data. */
export const protectionKeys = {
  state: ['user', 'protection', 'state'] as const,
};
