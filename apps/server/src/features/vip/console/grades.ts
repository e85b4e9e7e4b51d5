import type { z } from 'zod';
import type { VipGradeRow, vipLadderParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { audited, type Actor } from '../../admin/index.js';
import { listGrades } from '../service.js';
import { lockVipGrades, writeVipGrades } from './repo.js';

/**
 * The VIP ladder (screen 8), replaced as a whole: the same grades (numbers) as today, the first threshold 0
 * and each next strictly higher (the contract checks the order, this checks the set), every value inside its
 * bound; one audit row keeps the whole ladder before and after. The player-side features read these rows on
 * every call, so a change applies to the next deposit, level-up and rebate.
 */
type Ctx = Pick<AppContext, 'db'>;

const sameNumbers = (given: number[], existing: number[]) => given.length === existing.length && given.every((n, i) => n === existing[i]);

export const vipLadder = (ctx: Ctx): Promise<VipGradeRow[]> => listGrades(ctx.db);

export async function saveVipLadder(ctx: Ctx, actor: Actor, p: z.output<typeof vipLadderParams>): Promise<VipGradeRow[]> {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const before = await lockVipGrades(tx);
    const grades = [...p.grades].sort((a, b) => a.grade - b.grade);
    if (
      !sameNumbers(
        grades.map((g) => g.grade),
        before.map((g) => g.grade),
      )
    )
      throw new AppError('ADMIN_LADDER_GRADES', 'vip grades differ');
    await writeVipGrades(tx, grades);
    const after = await listGrades(tx);
    await audited(tx, actor, 'vip.ladder', { type: 'vip_grades', id: null }, before, { grades: after, reason: p.reason });
    return after;
  });
}
