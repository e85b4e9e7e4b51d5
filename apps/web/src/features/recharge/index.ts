/**
 * The recharge feature's public surface for app/: the `recharge` overlay. The /personal/flow order card
 * is loaded as its own chunk by app/lazy-pages.ts (components/payment-order-status).
 */
export { RechargeOverlay } from './components/recharge-overlay';
