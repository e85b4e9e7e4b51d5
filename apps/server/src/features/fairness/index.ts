export { fairnessRoutes } from './routes.js';
export { takeNonces, takenPair, rotatePair, ensurePairs, setMissingClientSeed, type ActivePair } from './seeds.js';
export { recordRolls, rollRecord, openRecords, balancesAround, newShareId, type NewRoll } from './service.js';
export { countBoxOpens, topBoxOpeners } from './activity.js';
export { dailyBoxOpens } from './daily.js';
export { lastBoxOpeningsByItem, type BoxOpeningsByItem } from './box-openings.js';
