export { voucherRoutes } from './routes.js';
export { grantVoucher, grantWelcomeRedPacket, applyCoupon, releaseCoupon } from './service.js';
export { expireVoucherNow, insertIssuedVoucher, lockUsableVoucher, pageIssuedVouchers, type VoucherRow } from './admin.js';
