export { dreamRoutes } from './routes.js';
export { dreamConfig } from './service.js';
export { countDreams, topDreamers } from './activity.js';
export { dailyDreams } from './daily.js';
export {
  currentDreamSettings,
  forgetDreamSettings,
  readDreamSettings,
  saveDreamSettings,
  DREAM_SETTINGS_TTL_MS,
  type DreamSettingsState,
} from './settings.js';
