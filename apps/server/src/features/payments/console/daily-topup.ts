import type { z } from 'zod';
import type { DailyTopUpTier, dailyTopUpParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { audited, type Actor } from '../../admin/index.js';
import { readDailyTopUpTiers, writeDailyTopUpTiers } from '../daily-topup-tiers.js';

type Ctx = Pick<AppContext, 'db'>;

export const dailyTopUpTiers = (ctx: Ctx): Promise<DailyTopUpTier[]> => readDailyTopUpTiers(ctx.db);

/**
 * Replaces the tiers as a whole (the contract checked the order and the bounds), with one audit row holding
 * the tiers before and after. A reward already claimed today stays; the next status and claim use the new tiers.
 */
export async function saveDailyTopUpTiers(ctx: Ctx, actor: Actor, p: z.output<typeof dailyTopUpParams>): Promise<DailyTopUpTier[]> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const before = await readDailyTopUpTiers(tx);
    await writeDailyTopUpTiers(tx, p.tiers);
    const after = await readDailyTopUpTiers(tx);
    await audited(
      tx,
      actor,
      'dailyTopUp.tiers',
      { type: 'site_settings', id: 'dailyTopUpTiers' },
      { tiers: before },
      {
        tiers: after,
        reason: p.reason,
      },
    );
    return after;
  });
}
