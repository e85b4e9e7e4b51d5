export * from './sessions.js';
export * from './tickets.js';
export * from './passwords.js';
