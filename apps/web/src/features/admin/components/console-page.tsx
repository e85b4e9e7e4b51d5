import type { ReactNode } from 'react';

/** A console screen: its title (the page's one h1) over its content. */
export function ConsolePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </section>
  );
}
