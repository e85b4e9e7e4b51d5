import type { ReactNode } from 'react';
import { fieldClass } from './styles';

/**
 * The filter row above a console list. Every control carries its own accessible label; changing one
 * calls `onChange` with the new value and the screen goes back to page 1 (its own `set`).
 */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-end gap-2">{children}</div>;
}

export function SearchFilter({
  label,
  value,
  onChange,
  maxLength = 64,
  numeric = false,
  wide = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  /** Ids only: the keyboard shows digits and anything else is dropped as typed. */
  numeric?: boolean;
  wide?: boolean;
}) {
  return (
    <input
      type="search"
      inputMode={numeric ? 'numeric' : undefined}
      aria-label={label}
      placeholder={label}
      className={wide ? `${fieldClass} w-72` : fieldClass}
      value={value}
      maxLength={maxLength}
      onChange={(e) => onChange(numeric ? e.target.value.replace(/\D/g, '') : e.target.value.trimStart())}
    />
  );
}

export interface FilterOption<V extends string | number> {
  value: V;
  label: string;
}

export function SelectFilter<V extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: Array<FilterOption<V>>;
  onChange: (value: V) => void;
}) {
  return (
    <select
      aria-label={label}
      className={fieldClass}
      value={value}
      onChange={(e) => {
        const picked = options.find((o) => String(o.value) === e.target.value);
        if (picked) onChange(picked.value);
      }}
    >
      {options.map((o) => (
        <option key={String(o.value)} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <input type="date" aria-label={label} className={fieldClass} value={value} onChange={(e) => onChange(e.target.value)} />;
}
