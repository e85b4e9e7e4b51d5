import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';

export const mono = 'break-all font-mono text-xs text-slate-200';

/** ✓ / ✗ for one recomputed check; nothing when the check could not be made (null). */
export function VerifyMark({ ok, testId }: { ok: boolean | null; testId?: string }) {
  const t = useT();
  if (ok === null) return null;
  return (
    <span
      data-testid={testId}
      data-ok={ok}
      className={`ms-2 inline-flex shrink-0 items-center rounded px-1.5 text-xs font-bold ${ok ? 'bg-emerald-500/15 text-emerald-400' : 'bg-accent-red/15 text-accent-red'}`}
    >
      {ok ? `✓ ${t('giveaway.verify.match')}` : `✗ ${t('giveaway.verify.mismatch')}`}
    </span>
  );
}

export function VerifyField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-xs text-slate-500 sm:w-44">{label}</dt>
      <dd className="min-w-0 flex-1 text-sm text-slate-200">{children}</dd>
    </div>
  );
}

export function VerifySection({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="rounded-xl border border-line bg-panel p-4" data-testid={testId}>
      <h2 className="mb-3 font-semibold text-white">{title}</h2>
      <dl className="flex flex-col gap-2">{children}</dl>
    </section>
  );
}
