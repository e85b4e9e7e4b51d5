export { voucherRoutes } from './routes.js';
export { grantVoucher, grantWelcomeRedPacket } from './service.js';
