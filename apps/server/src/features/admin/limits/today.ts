import { inArray } from 'drizzle-orm';
import { valueKinds, type LimitsToday, type ValueKind } from '@skinfair/contract';
import type { Db } from '../../../platform/db/client.js';
import { operators } from '../tables.js';
import { expireDue } from './approvals.js';
import { countPending } from './requests.js';
import { readLimits } from './settings.js';
import { tallyDay, tallyRows } from './tally.js';

/**
 * "Value created today, by operator" (issue 24 §11): each operator's own and co-signed value per kind
 * against the cap, and per kind the value created (own only, so an approved action is counted once).
 */
export async function valueToday(db: Db): Promise<LimitsToday> {
  await expireDue(db);
  const day = tallyDay();
  const [limits, rows, pendingApprovals] = await Promise.all([readLimits(db), tallyRows(db, day), countPending(db)]);
  const ids = [...new Set(rows.map((r) => r.operatorId))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: operators.id, name: operators.name }).from(operators).where(inArray(operators.id, ids))).map((o) => [
          o.id,
          o.name,
        ])
      : [],
  );
  const byOperator = new Map<number, Map<ValueKind, { ownFen: number; cosignedFen: number }>>();
  for (const r of rows) {
    const kinds = byOperator.get(r.operatorId) ?? new Map();
    kinds.set(r.kind as ValueKind, { ownFen: r.ownFen, cosignedFen: r.cosignedFen });
    byOperator.set(r.operatorId, kinds);
  }
  const operatorRows = [...byOperator.entries()]
    .map(([operatorId, kinds]) => ({
      operatorId,
      name: names.get(operatorId) ?? String(operatorId),
      values: valueKinds.map((kind) => {
        const v = kinds.get(kind) ?? { ownFen: 0, cosignedFen: 0 };
        return { kind, ...v, countedFen: v.ownFen + v.cosignedFen };
      }),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    day,
    kinds: valueKinds.map((kind) => ({ kind, ...limits.kinds[kind] })),
    operators: operatorRows,
    totals: valueKinds.map((kind) => ({
      kind,
      createdFen: rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.ownFen, 0),
    })),
    pendingApprovals,
  };
}
