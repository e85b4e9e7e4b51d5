export * from './messaging.js';
export * from './certification.js';
export * from './steam.js';
export * from './fulfilment.js';
export * from './unconfigured.js';
export * from './beacon.js';
export * from './beacon-drand.js';
export * from './beacon-local.js';
