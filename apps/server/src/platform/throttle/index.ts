export * from './throttle.js';
export * from './guess-budget.js';
