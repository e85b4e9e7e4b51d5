/** The account feature's public surface for app/ (the /personal page body, overlays, header menu). */
export { LogoutButton } from './components/logout-button';
export { UserVerifyOverlay } from './components/user-verify-overlay';
