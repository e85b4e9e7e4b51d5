export { ensureBaseRows } from './base.js';
export { seedDemoDrops } from './demo-drops.js';
