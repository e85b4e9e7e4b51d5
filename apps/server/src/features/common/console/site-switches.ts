import type { z } from 'zod';
import type { SiteSwitches, siteSwitchesParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { audited, type Actor } from '../../admin/index.js';
import { writeSetting } from '../repo.js';
import { loadSiteSettings } from '../service.js';

type Ctx = Pick<AppContext, 'db'>;

/** The sysConfig switches as the console edits them (the notice with its `{firstDepositPercent}` token, unfilled). */
export async function siteSwitches(ex: Executor): Promise<SiteSwitches> {
  const s = await loadSiteSettings(ex);
  return { switchBalanceType: s.switchBalanceType, showPublicText: s.showPublicText, publicText: s.publicText };
}

/**
 * Saves the three together with one audit row. sysConfig reads site_settings on every call (no cache), so
 * every node answers with the new values from the next request; a browser picks them up when it next loads
 * sysConfig (at start and every few minutes).
 */
export async function saveSiteSwitches(ctx: Ctx, actor: Actor, p: z.output<typeof siteSwitchesParams>): Promise<SiteSwitches> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const before = await siteSwitches(tx);
    await writeSetting(tx, 'switchBalanceType', p.switchBalanceType);
    await writeSetting(tx, 'showPublicText', p.showPublicText);
    await writeSetting(tx, 'publicText', p.publicText);
    const after = await siteSwitches(tx);
    await audited(tx, actor, 'site.switches', { type: 'site_settings', id: 'siteSwitches' }, before, { ...after, reason: p.reason });
    return after;
  });
}
