import type { z } from 'zod';
import type { defaultInvitationParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { loadSiteSettings, writeSetting } from '../../common/index.js';
import { findUserByInvitationCode } from '../../users/index.js';
import { audited, type Actor } from '../../admin/index.js';

type Ctx = Pick<AppContext, 'db'>;

export const defaultInvitation = async (ctx: Ctx) => ({ invitationCode: (await loadSiteSettings(ctx.db)).defaultInvitationCode });

/**
 * The code sign-up pre-fills when the visitor brought none (common/getDefaultInvitationCode, issue 27 §5).
 * It must be a player's code today ('' clears it): a code nobody holds would be refused at sign-up. Stored
 * as that player writes it; read on every call, so every node serves it from the next request.
 */
export async function saveDefaultInvitation(ctx: Ctx, actor: Actor, p: z.output<typeof defaultInvitationParams>) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    let code = '';
    if (p.invitationCode) {
      const holder = await findUserByInvitationCode(tx, p.invitationCode);
      if (!holder?.invitationCode) throw new AppError('INVITER_NOT_FOUND');
      code = holder.invitationCode;
    }
    const before = (await loadSiteSettings(tx)).defaultInvitationCode;
    await writeSetting(tx, 'defaultInvitationCode', code);
    await audited(
      tx,
      actor,
      'invitation.default',
      { type: 'site_settings', id: 'defaultInvitationCode' },
      { invitationCode: before },
      { invitationCode: code, reason: p.reason },
    );
    return { invitationCode: code };
  });
}
