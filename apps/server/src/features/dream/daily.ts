import { dreamsPlayed } from './activity.js';

/** Dreams played, won or lost, per Beijing day since `since`. */
export const dailyDreams = dreamsPlayed.perDay;
