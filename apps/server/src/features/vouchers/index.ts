export { voucherRoutes } from './routes.js';
export { grantVoucher, grantWelcomeRedPacket, applyCoupon } from './service.js';
