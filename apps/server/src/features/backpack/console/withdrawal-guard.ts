import type { z } from 'zod';
import type { WithdrawalRules, withdrawalRulesParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { loadSiteSettings, writeSetting } from '../../common/index.js';
import { audited, type Actor } from '../../admin/index.js';

type Ctx = Pick<AppContext, 'db'>;

/** The withdrawal guard's settings as the console edits them (site_settings, decision 0045). */
export async function withdrawalRules(ex: Executor): Promise<WithdrawalRules> {
  const s = await loadSiteSettings(ex);
  return {
    holdHours: s.withdrawalHoldHours,
    reviewAboveFen: s.withdrawalReviewAboveFen,
    reviewDailyCount: s.withdrawalReviewDailyCount,
  };
}

/**
 * Saves them with an audit row. Holds already placed keep their end; requests already made keep their
 * review (or its absence): the new values apply to what happens from now on.
 */
export async function saveWithdrawalRules(ctx: Ctx, actor: Actor, p: z.output<typeof withdrawalRulesParams>): Promise<WithdrawalRules> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const before = await withdrawalRules(tx);
    await writeSetting(tx, 'withdrawalHoldHours', p.holdHours);
    await writeSetting(tx, 'withdrawalReviewAboveFen', p.reviewAboveFen);
    await writeSetting(tx, 'withdrawalReviewDailyCount', p.reviewDailyCount);
    const after = await withdrawalRules(tx);
    await audited(tx, actor, 'withdrawal.rules', { type: 'site_settings', id: 'withdrawalRules' }, before, {
      ...after,
      reason: p.reason,
    });
    return after;
  });
}
