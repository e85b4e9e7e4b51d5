export { claimBonus, tryClaimBonus, rememberDevice, lastDeviceOf, shareDeviceOrIdentity, type ClaimRefusal } from './claims.js';
export { trackDevices } from './track-devices.js';
