import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { queryRows } from '../../platform/db/rows.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import type { LivePublisher } from '../../platform/live-publisher.js';
import { BATTLE_REVEAL_JOB, battleRevealJob } from './reveal-job.js';

const quiet = { info() {}, warn() {}, error() {} };

/**
 * Runs one battle's due reveal jobs the way a node does, poll after poll until none is due, and says how
 * many ran: every round of a battle that ended long enough ago, the first alone of one that ended now.
 * Every other pending job is pushed a day out first, so the runner claims only these; none of them failed.
 */
export async function runRevealJobs(db: Db, live: LivePublisher, battleId: number): Promise<number> {
  await db.execute(
    sql`UPDATE jobs SET run_at = now() + interval '1 day'
        WHERE state = 'pending' AND (kind <> ${BATTLE_REVEAL_JOB} OR payload->>'battleId' <> ${String(battleId)})`,
  );
  const runner = createJobRunner({ db, logger: quiet, pollMs: 1_000_000, nodeId: 'reveal-test' });
  runner.register(BATTLE_REVEAL_JOB, battleRevealJob({ live }));
  let ran = 0;
  for (let n = await runner.runOnce(); n > 0; n = await runner.runOnce()) ran += n;
  // A failing round goes back to wait for its retry, which would read as a reveal that just stopped.
  const errors = await queryRows<{ last_error: string }>(
    db,
    sql`SELECT last_error FROM jobs
        WHERE kind = ${BATTLE_REVEAL_JOB} AND payload->>'battleId' = ${String(battleId)} AND last_error IS NOT NULL`,
  );
  expect(errors).toEqual([]);
  return ran;
}
