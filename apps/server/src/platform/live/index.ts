export { createLiveHub, DEFAULT_CHANNEL, DEFAULT_PRESENCE_KEY } from './hub.js';
export type { LiveHub, LiveHubOptions, LiveListener } from './hub.js';
export { attachLiveServer, LIVE_DEFAULTS } from './server.js';
export type { LiveServer, LiveServerOptions } from './server.js';
export type { LiveLogger } from './logger.js';
