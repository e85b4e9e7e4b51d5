export * from './queue.js';
export * from './runner.js';
