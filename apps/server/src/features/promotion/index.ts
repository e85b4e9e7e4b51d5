export { promotionRoutes } from './routes.js';
export { payInviterRebate, recordInvitation, seedPromotion } from './service.js';
export { listPromotionLevels, lockPromotionLevels, writePromotionLevels, type PromotionLevel } from './admin.js';
