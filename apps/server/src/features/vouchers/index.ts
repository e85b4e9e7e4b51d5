export { voucherRoutes } from './routes.js';
export { grantVoucher, grantWelcomeRedPacket, applyCoupon, releaseCoupon } from './service.js';
export { registerVoucherConsoleRoutes } from './console/routes.js';
export { couponAction, redPacketAction } from './console/vouchers.js';
