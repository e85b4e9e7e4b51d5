// The players screen's entry, apart from users/index.ts: a player's view reads the backpack, payments,
// fairness and protection features, which all import users, so exporting it there would close a circle.
export { registerUserConsoleRoutes } from './routes.js';
export { balanceCreditAction } from './adjust-balance.js';
