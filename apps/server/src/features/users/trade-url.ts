import { parseTradeUrl, steamAccountIdOf } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { setFirstTradeUrl, updateUser } from './repo.js';
import { requireActiveUser } from './service.js';
import { requireExistingCredential } from './security-ticket.js';
import { holdWithdrawals } from './withdrawal-holds.js';

/**
 * Issue 24 §3: with a Steam account bound, the trade link must be that account's (its `partner` is the
 * SteamID64 minus 76561197960265728), when the link is set and again at withdrawal time (a link set before
 * the binding). A link that does not parse is refused the same way.
 */
export function assertTradeUrlOfOwnSteam(user: { id: number; steamId: string | null }, tradeUrl: string): void {
  if (!user.steamId) return;
  const own = steamAccountIdOf(user.steamId);
  const partner = parseTradeUrl(tradeUrl)?.partnerAccountId ?? null;
  if (own !== null && partner === own) return;
  throw new AppError('TRADE_URL_STEAM_MISMATCH', `user ${user.id} partner ${partner} steam ${user.steamId}`);
}

/**
 * modifyTradeUrl / updateTradeUrl (issue 24 §1, decision 0045). The first link needs only the session; a
 * change needs a security ticket (by the bound phone when there is one) and holds withdrawals. The same link
 * again changes nothing. A Steam-only account has nothing to prove with: the Steam check and the hold guard it.
 */
export async function modifyTradeUrl(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  input: { tradeUrl: string; securityToken?: string | undefined },
) {
  const user = await requireActiveUser(ctx.db, userId);
  if (user.tradeUrl === input.tradeUrl) return true;
  // Before the ticket is spent: a link of the wrong account does not cost the player their check.
  assertTradeUrlOfOwnSteam(user, input.tradeUrl);
  await runInTransaction(ctx.db, async ({ tx }) => {
    // A first link set meanwhile (another tab, a thief) makes this a change, which needs the ticket.
    if (user.tradeUrl === null && (await setFirstTradeUrl(tx, userId, input.tradeUrl))) return;
    await requireExistingCredential(tx, user, input.securityToken);
    await updateUser(tx, userId, { tradeUrl: input.tradeUrl });
    await holdWithdrawals(tx, userId, 'trade_url', { phone: user.mobile });
  });
  return true;
}
