import { boxOpens } from './activity.js';

/** Paid box openings (one roll per box, free boxes apart) per Beijing day since `since`. */
export const dailyBoxOpens = boxOpens.perDay;
