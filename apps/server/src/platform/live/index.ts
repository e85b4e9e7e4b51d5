export { createLiveHub, DEFAULT_CHANNEL } from './hub.js';
export type { LiveHub, LiveHubOptions, LiveListener } from './hub.js';
export { attachLiveServer, LIVE_DEFAULTS } from './server.js';
export type { LiveServer, LiveServerOptions } from './server.js';
export type { LiveLogger } from './logger.js';
