/** Query keys that several features (or app/ and a feature) share; feature-private keys stay in features. */
export const queryKeys = {
  sysConfig: ['common', 'sysConfig'] as const,
  languageList: ['common', 'languageList'] as const,
  homepageStat: ['stat', 'homepage'] as const,
  lastDrop: (isTop: boolean) => ['stat', 'lastDrop', { isTop }] as const,
  user: ['user'] as const,
  balance: ['user', 'balance'] as const,
  backpack: ['user', 'backpack'] as const,
};
