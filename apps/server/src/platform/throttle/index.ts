export * from './throttle.js';
