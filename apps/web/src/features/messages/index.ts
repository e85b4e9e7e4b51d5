/** The messages feature's public surface for app/ (header bell and overlays host). */
export { MessageBell } from './components/message-bell';
export { MessageCenter } from './components/message-center';
