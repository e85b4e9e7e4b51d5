export { promotionRoutes } from './routes.js';
export { payInviterRebate, recordInvitation, removeRefundFromInviterTotals, seedPromotion } from './service.js';
export { registerPromotionConsoleRoutes } from './console/routes.js';
