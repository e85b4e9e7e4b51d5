export { battleRoutes } from './routes.js';
export { BATTLE_DRAW_JOB, BATTLE_EXPIRE_JOB } from './rooms.js';
export { battleDrawJob, battleExpireJob } from './draw.js';
export { BATTLE_RANK_JOB, battleRankJob } from './rank.js';
export { countBattleWins, topBattleWinners } from './activity.js';
export { battleRecordOf } from './record.js';
export { revealedBattle } from './reveal.js';
export { dailySettledBattles } from './daily.js';
export { registerBattleConsoleRoutes } from './console/routes.js';
