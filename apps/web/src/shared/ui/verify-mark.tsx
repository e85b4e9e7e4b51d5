import { useT } from '../i18n/use-t';

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
