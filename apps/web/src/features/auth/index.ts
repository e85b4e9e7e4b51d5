/** The auth feature's public surface for app/ (overlays host). */
export { AuthPanel } from './components/auth-panel';
