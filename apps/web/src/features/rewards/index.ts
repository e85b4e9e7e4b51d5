/**
 * The rewards feature's public surface for app/: the `benefit` overlay. The /personal rewards panel is
 * loaded as its own chunk by app/lazy-pages.ts (components/rewards-panel).
 */
export { BenefitOverlay } from './components/benefit-overlay';
