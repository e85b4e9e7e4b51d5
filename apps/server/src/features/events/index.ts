import type { Db } from '../../platform/db/client.js';
import { insertActivitiesOnce } from './repo.js';
import { seedActivities } from './seed.js';
import { scheduleAllSettlements } from './settle.js';

export { eventRoutes } from './routes.js';
export { EVENT_SETTLE_JOB, eventSettleJob } from './settle.js';
// The operator console (issue 16 screen 10) edits activities only through these calls.
export * as eventOperatorRepo from './operator-repo.js';
export type { ActivityRow } from './repo.js';

/** The seeded activities (never overwriting an operator's edit) and each leaderboard's settlement job. */
export async function seedEvents(db: Db): Promise<void> {
  await insertActivitiesOnce(db, seedActivities);
  await scheduleAllSettlements(db);
}
