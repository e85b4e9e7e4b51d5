import type { z } from 'zod';
import type { DashboardDay, DashboardResult, dashboardParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { beijingDayOf, beijingDayStart } from '../../../platform/db/beijing-day.js';
import { dailyGameStakes } from '../../../platform/ledger/index.js';
import { dailyDeposits } from '../../payments/index.js';
import { dailyGameItemValue, dailyRetrievals } from '../../backpack/index.js';
import { dailyBoxOpens } from '../../fairness/index.js';
import { dailySettledBattles } from '../../battles/index.js';
import { dailyDreams } from '../../dream/index.js';
import { dailyNewPlayers } from '../../users/index.js';
import { readSupportContact } from '../../content/index.js';

type Ctx = Pick<AppContext, 'db' | 'live' | 'config'>;
const DAY_MS = 86_400_000;

const emptyDay = (day: string): DashboardDay => ({
  day,
  depositCount: 0,
  depositFen: 0,
  sandboxDepositCount: 0,
  sandboxDepositFen: 0,
  withdrawalsRequested: 0,
  withdrawalsDelivered: 0,
  openings: 0,
  battles: 0,
  dreams: 0,
  ggrFen: 0,
  newPlayers: 0,
});

/**
 * Screen 1: each figure is one GROUP BY Beijing day over its owner's table (features' index.ts), run side by
 * side, then laid on a calendar of the last `days` days so a quiet day shows as zeros rather than a gap.
 */
export async function dashboard(ctx: Ctx, q: z.output<typeof dashboardParams>, now = new Date()): Promise<DashboardResult> {
  const since = beijingDayStart(now, q.days - 1);
  const [deposits, retrievals, itemValue, opens, battles, dreams, players, stakes, support] = await Promise.all([
    dailyDeposits(ctx.db, since),
    dailyRetrievals(ctx.db, since),
    dailyGameItemValue(ctx.db, since),
    dailyBoxOpens(ctx.db, since),
    dailySettledBattles(ctx.db, since),
    dailyDreams(ctx.db, since),
    dailyNewPlayers(ctx.db, since),
    dailyGameStakes(ctx.db, since),
    readSupportContact(ctx.db, ctx.config.support),
  ]);

  const byDay = new Map<string, DashboardDay>();
  for (let i = 0; i < q.days; i += 1) {
    const day = beijingDayOf(new Date(since.getTime() + i * DAY_MS));
    byDay.set(day, emptyDay(day));
  }
  // A row stamped after `now` (a clock step) has no calendar slot: it is left out rather than invented.
  const at = (day: string, apply: (d: DashboardDay) => void) => {
    const d = byDay.get(day);
    if (d) apply(d);
  };
  for (const r of deposits)
    at(r.day, (d) => {
      d.depositCount = r.count;
      d.depositFen = r.fen;
      d.sandboxDepositCount = r.sandboxCount;
      d.sandboxDepositFen = r.sandboxFen;
    });
  for (const r of retrievals) at(r.day, (d) => ((d.withdrawalsRequested = r.requested), (d.withdrawalsDelivered = r.delivered)));
  for (const r of opens) at(r.day, (d) => (d.openings = r.count));
  for (const r of battles) at(r.day, (d) => (d.battles = r.count));
  for (const r of dreams) at(r.day, (d) => (d.dreams = r.count));
  for (const r of players) at(r.day, (d) => (d.newPlayers = r.count));
  for (const r of stakes) at(r.day, (d) => (d.ggrFen += r.stakesFen));
  for (const r of itemValue) at(r.day, (d) => (d.ggrFen -= r.fen));

  const days = [...byDay.values()];
  const today = days[days.length - 1] ?? emptyDay(beijingDayOf(now));
  return { days, today, onlineNow: ctx.live.onlineCount(), warnings: dashboardWarnings(ctx.config, support.placeholder) };
}

/**
 * Red on the dashboard until fixed (issue 27 §6, §12): players sent to an example support address, and, in
 * production, browsers sent to the third-party image host for any picture the mirror has not stored.
 */
export function dashboardWarnings(
  config: Pick<AppContext['config'], 'env' | 'images'>,
  placeholderSupport: boolean,
): DashboardResult['warnings'] {
  const warnings: DashboardResult['warnings'] = [];
  if (placeholderSupport) warnings.push('supportContact');
  if (config.env === 'production' && config.images.fallback) warnings.push('imageFallback');
  return warnings;
}
