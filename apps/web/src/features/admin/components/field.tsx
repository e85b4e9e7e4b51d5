import { useId, type ReactNode } from 'react';

/** A labelled form field of the console's forms: the label names the control for assistive technology. */
export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm text-slate-200">
      {label}
      {children(id)}
    </label>
  );
}
