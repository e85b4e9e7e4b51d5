export { voucherRoutes } from './routes.js';
export { grantVoucher, grantWelcomeRedPacket, applyCoupon, releaseCoupon } from './service.js';
