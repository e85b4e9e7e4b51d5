import type { Db } from '../../platform/db/client.js';
import { insertActivitiesOnce } from './repo.js';
import { seedActivities } from './seed.js';
import { scheduleAllSettlements } from './settle.js';

export { eventRoutes } from './routes.js';
export { EVENT_SETTLE_JOB, eventSettleJob } from './settle.js';

/** The seeded activities (never overwriting an operator's edit) and each leaderboard's settlement job. */
export async function seedEvents(db: Db): Promise<void> {
  await insertActivitiesOnce(db, seedActivities);
  await scheduleAllSettlements(db);
}
