import type { ReactNode } from 'react';

/** One part of the Limits screen: a region named by its heading, what it is for, then its content. */
export function LimitsSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-slate-400">{intro}</p>
      {children}
    </section>
  );
}
