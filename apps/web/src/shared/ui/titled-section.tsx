import type { ReactNode } from 'react';

/** A page section named by its heading (aria-labelledby → the h2), as every titled panel is built. */
export function TitledSection({
  id,
  title,
  className = 'flex flex-col gap-3',
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className} data-testid={testId}>
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
