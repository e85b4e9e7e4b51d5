export { voucherRoutes } from './routes.js';
export { grantVoucher, grantWelcomeRedPacket, applyCoupon, releaseCoupon } from './service.js';
export { revokeVoucherRow, insertIssuedVoucher, lockUsableVoucher, pageIssuedVouchers, type VoucherRow } from './admin.js';
