import type { AdminDreamSettings, DreamSettings } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { audited, type Actor } from '../../admin/index.js';
import { forgetDreamSettings, readDreamSettings, saveDreamSettings } from '../settings.js';

/** Screen 9 (games), issue 16: the dream chasing settings, each change with its one audit row. */

type Ctx = Pick<AppContext, 'db' | 'config'>;

export async function dreamSettings(ctx: Ctx): Promise<AdminDreamSettings> {
  return readDreamSettings(ctx.db, ctx.config);
}

/** Saves all five values (validated by the contract, min ≤ max); this node uses them from the commit on. */
export async function setDreamSettings(ctx: Ctx, actor: Actor, values: DreamSettings): Promise<AdminDreamSettings> {
  const saved = await runInTransaction(ctx.db, async ({ tx, afterCommit }) => {
    const before = await readDreamSettings(tx, ctx.config);
    await saveDreamSettings(tx, values);
    await audited(tx, actor, 'dream.settings', { type: 'dream', id: null }, before.current, values);
    afterCommit(() => forgetDreamSettings(ctx.db));
    return readDreamSettings(tx, ctx.config);
  });
  return saved;
}
