export { userRoutes } from './routes.js';
export { createUser, assertCanSpend, requireActiveUser, canSpend, maskMobile, type NewUser } from './service.js';
export {
  findUser,
  findUserByMobile,
  findUserBySteamId,
  findUserByInvitationCode,
  findOtherUserByIdCardHash,
  setInviterOnce,
  updateUser,
  countPlayers,
  type UserRow,
} from './repo.js';
export { ensureDefaultAvatars } from './avatars.js';
export { searchUsers } from './search.js';
export { dailyNewPlayers } from './daily.js';
