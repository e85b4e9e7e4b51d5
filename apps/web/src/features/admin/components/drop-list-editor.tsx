import { DROP_WEIGHT_TOTAL, expectedReturnOf, formatFen, returnRateBpOf } from '@skinfair/contract';
import { useBoxesT } from '../i18n/boxes-messages';

/** One drop as the editor holds it: the weight is the operator's text until it parses as an integer. */
export interface DropRow {
  itemId: number;
  name: string;
  recoveryPriceFen: number;
  weight: string;
}

const WEIGHT = /^\d{1,6}$/;

/**
 * What the drop list would publish: the running sum, whether the server would take it (each weight a
 * positive integer, summing to exactly 100000), and the expected return by the catalogue's formula
 * (Σ weight × recovery price ÷ 100000, rounded down) against the price, as the catalogue's returnRateBp.
 */
export function dropListSummary(rows: DropRow[], priceFen: number | null) {
  const weights = rows.map((r) => (WEIGHT.test(r.weight.trim()) ? Number(r.weight.trim()) : Number.NaN));
  const weightsValid = rows.length > 0 && weights.every((w) => Number.isInteger(w) && w >= 1);
  const sum = weights.reduce((total, w) => total + (Number.isNaN(w) ? 0 : w), 0);
  const expectedReturnFen = expectedReturnOf(
    rows.map((r, i) => ({
      weight: Number.isNaN(weights[i]) ? 0 : weights[i]!,
      recoveryPriceFen: r.recoveryPriceFen,
    })),
  );
  return {
    sum,
    valid: weightsValid && sum === DROP_WEIGHT_TOTAL,
    expectedReturnFen,
    rateBp: priceFen ? returnRateBpOf(expectedReturnFen, priceFen) : null,
    drops: rows.map((r, i) => ({ itemId: r.itemId, weight: weights[i] ?? 0 })),
  };
}

/** Basis points as a percentage with two decimals: 8950 → "89.50%". */
export const formatRate = (bp: number) => `${(bp / 100).toFixed(2)}%`;

const cell = 'px-3 py-2 align-middle';

/** The drop list with a weight input per item, the running sum and the expected-return preview. */
export function DropListEditor({
  rows,
  priceFen,
  readOnly,
  onChange,
}: {
  rows: DropRow[];
  priceFen: number | null;
  readOnly: boolean;
  onChange: (rows: DropRow[]) => void;
}) {
  const t = useBoxesT();
  const summary = dropListSummary(rows, priceFen);
  const gap = DROP_WEIGHT_TOTAL - summary.sum;
  const chance = (weight: string) => (WEIGHT.test(weight.trim()) ? `${((Number(weight) / DROP_WEIGHT_TOTAL) * 100).toFixed(3)}%` : '—');
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('boxes.drops')}</caption>
          <thead className="bg-panel-2 text-slate-300">
            <tr>
              {(['boxes.drop.item', 'boxes.drop.recovery', 'boxes.drop.weight', 'boxes.drop.chance'] as const).map((header) => (
                <th key={header} scope="col" className={cell}>
                  {t(header)}
                </th>
              ))}
              <th scope="col" className={cell}>
                <span className="sr-only">{t('boxes.drop.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-slate-400">
                  {t('boxes.drop.empty')}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={row.itemId} className="border-t border-line text-slate-200">
                  <td className={cell}>
                    {row.name} <span className="text-slate-400">#{row.itemId}</span>
                  </td>
                  <td className={cell}>{formatFen(row.recoveryPriceFen)}</td>
                  <td className={cell}>
                    <input
                      aria-label={t('boxes.drop.weightOf', { name: row.name })}
                      inputMode="numeric"
                      readOnly={readOnly}
                      className="w-28 rounded border border-line bg-panel-2 px-2 py-1 text-white"
                      value={row.weight}
                      onChange={(e) => onChange(rows.map((r, i) => (i === index ? { ...r, weight: e.target.value } : r)))}
                    />
                  </td>
                  <td className={cell}>{chance(row.weight)}</td>
                  <td className={cell}>
                    {readOnly ? null : (
                      <button
                        type="button"
                        aria-label={t('boxes.drop.removeOf', { name: row.name })}
                        className="rounded border border-line px-2 py-1 text-xs hover:bg-panel-2"
                        onClick={() => onChange(rows.filter((_, i) => i !== index))}
                      >
                        {t('boxes.drop.remove')}
                      </button>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center gap-4 text-sm" aria-live="polite">
        <span data-testid="weight-sum" className={summary.valid ? 'text-green-400' : 'text-red-400'}>
          {t('boxes.sum', { sum: summary.sum })} ·{' '}
          {summary.valid
            ? t('boxes.sumOk')
            : gap > 0
              ? t('boxes.sumMissing', { n: gap })
              : gap < 0
                ? t('boxes.sumOver', { n: -gap })
                : t('boxes.dropsHint')}
        </span>
        <span data-testid="expected-return" className="text-slate-200">
          {t('boxes.expected', {
            value: formatFen(summary.expectedReturnFen),
            rate: summary.rateBp === null ? '—' : formatRate(summary.rateBp),
          })}
        </span>
      </div>
    </div>
  );
}
