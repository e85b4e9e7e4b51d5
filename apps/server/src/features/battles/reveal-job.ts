import { BATTLE_ROUND_MS, EventType } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../platform/db/client.js';
import type { TxScope } from '../../platform/db/tx.js';
import { enqueueJob, type JobHandler } from '../../platform/jobs/index.js';
import { announceShownDrops } from '../stats/index.js';
import { findBattleById } from './repo.js';
import { maskTo, resultsOf } from './results.js';

export const BATTLE_REVEAL_JOB = 'battle.reveal';

/**
 * Round `round`'s push, due one BATTLE_ROUND_MS per earlier round after the battle's end: the pace watchers
 * compute from `revealStartAt`. A durable job rather than a timer, so a node that dies during a reveal
 * loses none of its pushes (issue 26); the key makes each round's job exist once.
 */
export function scheduleRevealRound(ex: Executor, battleId: number, round: number, endedAt: Date): Promise<number | null> {
  return enqueueJob(ex, {
    kind: BATTLE_REVEAL_JOB,
    payload: { battleId, round },
    runAt: new Date(endedAt.getTime() + (round - 1) * BATTLE_ROUND_MS),
    dedupeKey: `battle-reveal:${battleId}:${round}`,
  });
}

/** The reveal job's handler (registered in app.ts). */
export function battleRevealJob(deps: Pick<AppContext, 'live'>): JobHandler {
  return (payload, scope) => revealRound(deps, scope, Number(payload.battleId), Number(payload.round));
}

/**
 * Event 32 for one round, with the rounds revealed so far (the last one with the winner and the seed, and
 * then the winner's drops, event 23), and the next round's job. The pushes go out after the commit that
 * also marks this job done, so a run that lost its lease rolls back and pushes nothing, and a re-run finds
 * the next round's key taken: one chain. Were a round pushed twice it would be harmless (event 32 replaces
 * the room, the feed ignores a drop id it has, spec §4); a node dying between commit and push loses that
 * one push, and watchers keep the pace from `revealStartAt` anyway.
 */
async function revealRound(deps: Pick<AppContext, 'live'>, scope: TxScope, battleId: number, round: number): Promise<void> {
  const battle = await findBattleById(scope.tx, battleId);
  // A private room is never announced (issue 24 §14); drawBattle does not schedule it either.
  if (battle?.state !== 'ended' || !battle.endedAt || battle.passwordHash !== null) return;
  const full = await resultsOf(scope.tx, battle, Number.MAX_SAFE_INTEGER);
  const rounds = full.boxList.length;
  if (round < rounds) {
    await scheduleRevealRound(scope.tx, battleId, round + 1, battle.endedAt);
    scope.afterCommit(() => deps.live.publish({ eventType: EventType.BATTLE_STATE, data: maskTo(full, round) }));
    return;
  }
  scope.afterCommit(() => deps.live.publish({ eventType: EventType.BATTLE_STATE, data: full }));
  // The feed rows were written by the draw and are public from now on.
  await announceShownDrops(scope, deps.live, {
    sourceType: EventType.BATTLE_DROP,
    sourceId: battleId,
    since: battle.lockedAt ?? battle.createdAt,
  });
}
