/** The auth feature's public surface for app/ (overlays host). */
export { AuthPanel } from './components/auth-panel';
export { LoginTip } from './components/login-tip';
export { RegisterTip } from './components/register-tip';
