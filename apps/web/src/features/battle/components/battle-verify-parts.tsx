import type { ReactNode } from 'react';
import { monoText, VerifyMark } from '../../../shared/ui/verify-mark';

export { VerifyMark };

export const mono = monoText;

/** One labelled value of a section; long hex wraps. */
export function VerifyField({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3" data-testid={testId}>
      <dt className="shrink-0 text-xs text-slate-500 sm:w-44">{label}</dt>
      <dd className="min-w-0 flex-1 text-sm text-slate-200">{children}</dd>
    </div>
  );
}

export function VerifySection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl border border-line bg-panel p-4" data-testid={testId}>
      <h2 className="mb-3 font-semibold text-white">{title}</h2>
      <dl className="flex flex-col gap-2">{children}</dl>
    </section>
  );
}
