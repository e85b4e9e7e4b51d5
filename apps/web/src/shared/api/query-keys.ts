/** Query keys that several features (or app/ and a feature) share; feature-private keys stay in features. */
export const queryKeys = {
  sysConfig: ['common', 'sysConfig'] as const,
  languageList: ['common', 'languageList'] as const,
  homepageStat: ['stat', 'homepage'] as const,
  lastDrop: (isTop: boolean) => ['stat', 'lastDrop', { isTop }] as const,
  /** Everything under ['user'] belongs to the logged-in account and is dropped at logout. */
  user: ['user'] as const,
  userInfo: ['user', 'info'] as const,
  balance: ['user', 'balance'] as const,
  backpack: ['user', 'backpack'] as const,
  /** Messages: the header bell (app/) and the message centre (features/messages) share these. */
  messages: ['user', 'message'] as const,
  unreadCount: ['user', 'message', 'unreadCount'] as const,
  messageList: (state: number) => ['user', 'message', 'list', { state }] as const,
  messageDetail: (id: number) => ['user', 'message', 'detail', id] as const,
};
