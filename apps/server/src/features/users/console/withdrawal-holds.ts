import type { WithdrawalHold } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../platform/db/client.js';
import { toIso } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { audited, type Actor } from '../../admin/index.js';
import { activeWithdrawalHolds, releaseWithdrawalHold } from '../withdrawal-holds.js';

type Ctx = Pick<AppContext, 'db'>;

/** A player's holds in force, for the players screen (issue 24 §2). */
export async function playerWithdrawalHolds(ex: Executor, userId: number): Promise<WithdrawalHold[]> {
  return (await activeWithdrawalHolds(ex, userId)).map((h) => ({
    id: h.id,
    reason: h.reason,
    createdAt: toIso(h.createdAt),
    until: toIso(h.until),
  }));
}

/**
 * Release one hold early (the player proved who they are to support), with an audit row in the same
 * transaction. A hold already released or over is refused, so two operators releasing it write one row.
 */
export async function releasePlayerWithdrawalHold(ctx: Ctx, actor: Actor, holdId: number, reason: string) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const hold = await releaseWithdrawalHold(tx, holdId, actor.operatorId, reason);
    if (!hold) throw new AppError('WITHDRAWAL_HOLD_NOT_FOUND', `hold ${holdId}`);
    const releasedAt = toIso(hold.releasedAt);
    await audited(
      tx,
      actor,
      'player.releaseWithdrawalHold',
      { type: 'player', id: hold.userId },
      { holdId, holdReason: hold.reason, until: toIso(hold.until), releasedAt: null },
      { holdId, releasedAt, reason },
    );
    return { id: holdId, userId: hold.userId, releasedAt };
  });
}
