import type { U32Step } from '@skinfair/fairness';
import { useT } from '../i18n/use-t';
import type { MessageId } from '../i18n/zh-CN';

/**
 * ✓ / ✗ for one check a verify page recomputed in the browser (a roll, a battle, a giveaway draw);
 * nothing when the check could not be made (null). `data-ok` carries the result for tests.
 */
export function VerifyMark({ ok, testId }: { ok: boolean | null; testId?: string | undefined }) {
  const t = useT();
  if (ok === null) return null;
  return (
    <span
      data-testid={testId}
      data-ok={ok}
      className={`ms-2 inline-flex shrink-0 items-center rounded px-1.5 text-xs font-bold ${ok ? 'bg-emerald-500/15 text-emerald-400' : 'bg-accent-red/15 text-accent-red'}`}
    >
      {ok ? `✓ ${t('fair.match')}` : `✗ ${t('fair.mismatch')}`}
    </span>
  );
}

/** Long hex values (seeds, hashes, signatures) wrap anywhere. */
export const monoText = 'break-all font-mono text-xs text-slate-200';

/** The u32s a roll read from its stream (PF v1 §3), each kept or rejected by uniformInt. */
export function U32StepTable({ steps, testId }: { steps: readonly U32Step[]; testId: string }) {
  const t = useT();
  return (
    <div className="max-w-full overflow-x-auto">
      <table className="w-full text-start text-xs">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pe-4 text-start">{t('fair.col.block')}</th>
            <th className="py-1 pe-4 text-start">{t('fair.col.offset')}</th>
            <th className="py-1 pe-4 text-start">u32</th>
            <th className="py-1 text-start">{t('fair.col.result')}</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={`${step.block}-${step.offset}`} data-testid={testId} data-accepted={step.accepted} className="border-t border-line">
              <td className="py-1 pe-4 font-mono">{step.block}</td>
              <td className="py-1 pe-4 font-mono">{step.offset}</td>
              <td className="py-1 pe-4 font-mono text-slate-100">{step.value}</td>
              <td className={`py-1 ${step.accepted ? 'text-emerald-400' : 'text-accent-red'}`}>
                {step.accepted ? t('fair.accepted') : t('fair.rejected')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface VerifySummaryProps {
  check: {
    ok: boolean;
    /** False for the local development beacon: predictable by design, never an independent source (PF v1 §9). */
    beacon: { independent: boolean };
  };
  /** The page's words for a pass, a failure, and the warning about a local beacon. */
  texts: { ok: MessageId; bad: MessageId; local: MessageId };
}

/** The verdict at the top of a draw's verify page (a battle, a giveaway): every check passed or not. */
export function VerifySummary({ check, texts }: VerifySummaryProps) {
  const t = useT();
  const { ok } = check;
  return (
    <div
      className={`flex flex-wrap items-center gap-2 rounded-xl border p-4 ${ok ? 'border-emerald-500/40 bg-emerald-500/10' : 'border-accent-red/40 bg-accent-red/10'}`}
      data-testid="verify-summary"
      data-ok={ok}
    >
      <span className={`text-lg font-bold ${ok ? 'text-emerald-400' : 'text-accent-red'}`}>
        {ok ? `✓ ${t(texts.ok)}` : `✗ ${t(texts.bad)}`}
      </span>
      {check.beacon.independent ? null : <span className="text-sm text-accent-orange">{t(texts.local)}</span>}
    </div>
  );
}
