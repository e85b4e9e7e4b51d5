export { createUser, type NewUser } from './service.js';
export { findUser, countPlayers } from './repo.js';
