import { and, eq, sql } from 'drizzle-orm';
import { formatFen, type ErrorCode, type ValueKind } from '@skinfair/contract';
import { beijingDayOf } from '../../../platform/db/beijing-day.js';
import type { Executor, Tx } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/errors.js';
import { operatorValueTallies as tallies } from './tables.js';

/** The kinds' names in the refusals an operator reads. */
export const kindNames: Record<ValueKind, { zh: string; en: string }> = {
  redPacket: { zh: '红包', en: 'red packet' },
  coupon: { zh: '优惠券', en: 'coupon' },
  goldenCode: { zh: 'Golden Code', en: 'Golden Code' },
  balanceCredit: { zh: '余额调增', en: 'balance credit' },
  officialGiveaway: { zh: '官方福利房', en: 'official giveaway' },
};

/** The Beijing day the caps count (they reset at midnight UTC+8, as the dashboard's days do). */
export const tallyDay = (now = new Date()) => beijingDayOf(now);

export async function countedToday(ex: Executor, operatorId: number, kind: ValueKind, day = tallyDay()) {
  const [row] = await ex
    .select({ own: tallies.ownFen, cosigned: tallies.cosignedFen })
    .from(tallies)
    .where(and(eq(tallies.operatorId, operatorId), eq(tallies.day, day), eq(tallies.kind, kind)));
  return (row?.own ?? 0) + (row?.cosigned ?? 0);
}

export function capRefusal(code: ErrorCode, kind: ValueKind, capFen: number, countedFen: number, valueFen: number) {
  const name = kindNames[kind];
  const yuan = (fen: number) => `¥${formatFen(fen)}`;
  return new AppError(code, `${kind} cap ${capFen} counted ${countedFen} value ${valueFen}`, {
    zh: `超出今日${name.zh}额度：每日上限 ${yuan(capFen)}，今日已计 ${yuan(countedFen)}，本次 ${yuan(valueFen)}，操作未执行`,
    en: `Over today's ${name.en} limit: ${yuan(capFen)} a day, ${yuan(countedFen)} counted today, this one ${yuan(valueFen)}; nothing was done`,
  });
}

export interface Charge {
  operatorId: number;
  /** own: the operator's action; cosigned: another's action this operator approved. */
  role: 'own' | 'cosigned';
  /** The refusal when this operator's cap has no room. */
  refusal: ErrorCode;
}

/**
 * Adds `valueFen` to each operator's tally of the kind for today, or refuses (the caller's transaction
 * rolls back, so nothing of the action is written). One conditional upsert per operator: on a conflict it
 * waits for the row lock of a concurrent action and re-checks the sum against the cap after the wait, so
 * two actions racing for the last of a cap cannot both pass (security.md "Money and items"). Operators are
 * charged in id order, so two approvals crossing the same pair of operators lock rows in one order.
 */
export async function chargeValue(tx: Tx, kind: ValueKind, valueFen: number, capFen: number, charges: Charge[]) {
  if (valueFen <= 0) return;
  const day = tallyDay();
  for (const c of [...charges].sort((a, b) => a.operatorId - b.operatorId)) {
    const refuse = async () => capRefusal(c.refusal, kind, capFen, await countedToday(tx, c.operatorId, kind, day), valueFen);
    if (valueFen > capFen) throw await refuse();
    const own = c.role === 'own' ? valueFen : 0;
    const cosigned = c.role === 'cosigned' ? valueFen : 0;
    const rows = await tx
      .insert(tallies)
      .values({ operatorId: c.operatorId, day, kind, ownFen: own, cosignedFen: cosigned })
      .onConflictDoUpdate({
        target: [tallies.operatorId, tallies.day, tallies.kind],
        set: {
          ownFen: sql`${tallies.ownFen} + excluded.own_fen`,
          cosignedFen: sql`${tallies.cosignedFen} + excluded.cosigned_fen`,
        },
        setWhere: sql`${tallies.ownFen} + ${tallies.cosignedFen} + ${valueFen} <= ${capFen}`,
      })
      .returning({ operatorId: tallies.operatorId });
    if (rows.length === 0) throw await refuse();
  }
}

/** Today's tallies of every operator who created value, with their names. */
export async function tallyRows(ex: Executor, day: string) {
  return ex
    .select({
      operatorId: tallies.operatorId,
      kind: tallies.kind,
      ownFen: tallies.ownFen,
      cosignedFen: tallies.cosignedFen,
    })
    .from(tallies)
    .where(eq(tallies.day, day));
}
