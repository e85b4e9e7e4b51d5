import type { EventMetric } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { countBattleWins, topBattleWinners } from '../battles/index.js';
import { countPaidDeposits, topDepositors } from '../payments/index.js';
import { countDreams, topDreamers } from '../dream/index.js';
import { countBoxOpens, topBoxOpeners } from '../fairness/index.js';

export interface MetricSource {
  /** The player's count in [from, to), from the owning feature's own records. */
  count(ex: Executor, userId: number, from: Date, to: Date): Promise<number>;
  /** The highest counts in [from, to), ties to the lower user id. */
  top(ex: Executor, from: Date, to: Date, limit: number): Promise<Array<{ userId: number; value: number }>>;
}

/**
 * Progress is computed when read or claimed, never accumulated: the game records are the only truth,
 * so nothing can be counted twice or missed by a crash between a game and a counter.
 */
export const metricSources: Record<EventMetric, MetricSource> = {
  box_opens: { count: countBoxOpens, top: topBoxOpeners },
  battle_wins: { count: countBattleWins, top: topBattleWinners },
  dreams: { count: countDreams, top: topDreamers },
  deposits: { count: countPaidDeposits, top: topDepositors },
};
