export * from './errors.js';
export * from './envelope.js';
export * from './constants.js';
export * from './money.js';
export * from './params.js';
export * from './live.js';
export * from './common.js';
export * from './stats.js';
