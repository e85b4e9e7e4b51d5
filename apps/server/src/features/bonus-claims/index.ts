export {
  claimBonus,
  claimHeldByOther,
  tryClaimBonus,
  rememberDevice,
  lastDeviceOf,
  shareDeviceOrIdentity,
  type ClaimRefusal,
} from './claims.js';
export { trackDevices } from './track-devices.js';
