export { giveawayRoutes } from './routes.js';
export { GIVEAWAY_DRAW_JOB, GIVEAWAY_FREEZE_JOB, createOfficialGiveaway, createSandboxOfficialGiveaway } from './rooms.js';
export { ensureDemoGiveaway, giveawayDrawJob, giveawayFreezeJob } from './draw.js';
export { registerGiveawayConsoleRoutes } from './console/routes.js';
export { officialGiveawayAction } from './console/giveaways.js';
export type { NewOfficialGiveaway } from './rooms.js';
export { giveawayView } from './views.js';
