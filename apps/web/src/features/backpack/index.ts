/** The backpack feature's public surface for app/ (the /personal/bag body). */
export { default as BackpackPanel } from './components/backpack-panel';
