export { userRoutes } from './routes.js';
export { createUser, assertCanSpend, requireActiveUser, lockActiveUser, canSpend, type NewUser } from './service.js';
export {
  findUser,
  findUserByMobile,
  findUserBySteamId,
  findUserByInvitationCode,
  findOtherUserByIdCardHash,
  setInviterOnce,
  setStreamer,
  updateUser,
  countPlayers,
  type UserRow,
} from './repo.js';
export { ensureDefaultAvatars } from './avatars.js';
export { replacePassword } from './profile.js';
export { dailyNewPlayers } from './daily.js';
export { assertTradeUrlOfOwnSteam } from './trade-url.js';
export { holdWithdrawals, holdIfNewDevice, assertNoWithdrawalHold, SECURITY_NOTICE_JOB } from './withdrawal-holds.js';
export { securityNoticeJob } from './security-notice-job.js';
