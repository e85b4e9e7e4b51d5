import type { ReactNode } from 'react';

/** A titled card on /personal and in the benefit overlay. */
export function SectionCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-panel p-4" data-testid={testId}>
      <h2 className="text-base font-semibold text-white">{title}</h2>
      {children}
    </section>
  );
}
