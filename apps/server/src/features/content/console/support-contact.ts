import type { z } from 'zod';
import type { SupportContact, supportContactParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { audited, type Actor } from '../../admin/index.js';
import { readSupportContact, writeSupportContact } from '../contact.js';

type Ctx = Pick<AppContext, 'db' | 'config'>;

export const supportContact = (ctx: Ctx): Promise<SupportContact> => readSupportContact(ctx.db, ctx.config.support);

/** Saves the contact ways as a whole, with one audit row; /docs/support shows them from the next request. */
export async function saveSupportContact(ctx: Ctx, actor: Actor, p: z.output<typeof supportContactParams>): Promise<SupportContact> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const before = await readSupportContact(tx, ctx.config.support);
    const { reason, ...values } = p;
    await writeSupportContact(tx, { ...values, chatUrl: values.chatUrl || null });
    const after = await readSupportContact(tx, ctx.config.support);
    await audited(tx, actor, 'support.contact', { type: 'site_settings', id: 'supportContact' }, before, { ...after, reason });
    return after;
  });
}
