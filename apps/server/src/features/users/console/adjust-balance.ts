import type { z } from 'zod';
import { playerAdjustParams, type ApprovalPending, type playerAdjustResult } from '@skinfair/contract';
import { AppError } from '../../../platform/errors.js';
import { credit, debit, getBalances } from '../../../platform/ledger/index.js';
import { findUser } from '../repo.js';
import { approvalNote, audited, runLimited, type Actor, type LimitCtx, type LimitedAction } from '../../admin/index.js';

type AdjustParams = z.output<typeof playerAdjustParams>;
type PlayerAdjustResult = z.output<typeof playerAdjustResult>;

/**
 * A balance correction, only through the ledger: the house's promotions account pays a credit and takes a
 * debit, under the `adjustment` code with the reason as memo. A debit cannot take a balance below zero (the
 * ledger's conditional debit refuses it), so the books stay balanced either way. Value (decision 0048): a
 * credit's amount, coins or points alike; a debit creates nothing and is never capped or held for approval.
 */
export const balanceCreditAction: LimitedAction<AdjustParams, PlayerAdjustResult> = {
  kind: 'balanceCredit',
  permission: 'balances.adjust',
  params: playerAdjustParams,
  async perform(_ctx, { tx }, actor, q) {
    if (!(await findUser(tx, q.id))) throw new AppError('ADMIN_PLAYER_NOT_FOUND', `user ${q.id}`);
    const before = await getBalances(tx, q.id);
    const common = {
      userId: q.id,
      kind: q.kind,
      amountFen: Math.abs(q.amountFen),
      code: 'adjustment' as const,
      refType: 'operator',
      refId: actor.operatorId ?? 0,
      memo: q.reason,
    };
    const moved = q.amountFen > 0 ? await credit(tx, { ...common, from: 'promotions' }) : await debit(tx, { ...common, to: 'promotions' });
    const after = await getBalances(tx, q.id);
    await audited(
      tx,
      actor,
      'player.adjustBalance',
      { type: 'player', id: q.id },
      { coinFen: before.coinFen, pointFen: before.pointFen },
      {
        coinFen: after.coinFen,
        pointFen: after.pointFen,
        kind: q.kind,
        amountFen: q.amountFen,
        reason: q.reason,
        transferId: moved.id,
        ...approvalNote(actor),
      },
    );
    return {
      result: { coinFen: after.coinFen, pointFen: after.pointFen, transferId: moved.id },
      valueFen: Math.max(q.amountFen, 0),
      targetId: moved.id,
    };
  },
};

export const adjustPlayerBalance = (ctx: LimitCtx, actor: Actor, q: AdjustParams): Promise<PlayerAdjustResult | ApprovalPending> =>
  runLimited(ctx, actor, balanceCreditAction, q);
