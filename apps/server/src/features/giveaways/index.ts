export { giveawayRoutes } from './routes.js';
export { GIVEAWAY_DRAW_JOB, GIVEAWAY_FREEZE_JOB, createOfficialGiveaway, createSandboxOfficialGiveaway } from './rooms.js';
export { ensureDemoGiveaway, giveawayDrawJob, giveawayFreezeJob } from './draw.js';
export {
  operatorCancelGiveaway,
  operatorCreateOfficialGiveaway,
  operatorGiveawayDetail,
  operatorGiveawayPage,
  operatorStockLines,
  type OperatorGiveawayFilter,
} from './operator.js';
export type { NewOfficialGiveaway } from './rooms.js';
