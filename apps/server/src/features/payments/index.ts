export { paymentRoutes } from './routes.js';
export { DEPOSIT_EXPIRE_JOB, expireOrder, paymentRecords } from './service.js';
export { PENDING_BONUS_JOB, payHeldFirstDepositBonus } from './first-deposit-bonus.js';
export { seedChannels, findOrderByNo, findChannel, setSandboxChannelsEnabled } from './repo.js';
export { signCallback } from './signature.js';
export { countPaidDeposits, topDepositors } from './activity.js';
export { dailyDeposits } from './daily.js';
export {
  findOrderWithChannel,
  markOrderForReview,
  pageDepositOrders,
  type DepositOrderQuery,
  type DepositOrderWithChannel,
} from './admin-orders.js';
export { listOrderCallbacks, type DepositCallbackRow } from './callbacks.js';
export type { DepositOrder } from './repo.js';
export { reconcileJob } from './providers/reconcile.js';
export { DEPOSIT_RECONCILE_JOB } from './providers/reconcile-schedule.js';
export { syncPaymentChannels, paymentProviderFor, PROVIDER_CHANNELS } from './providers/index.js';
