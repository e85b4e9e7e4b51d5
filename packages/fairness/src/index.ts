export * from './encodings.js';
export * from './commitment.js';
export * from './stream.js';
export * from './rolls.js';
export * from './odds.js';
export * from './dream.js';
export * from './beacon.js';
export { sha256Hex } from './hash.js';
export * from './drand.js';
