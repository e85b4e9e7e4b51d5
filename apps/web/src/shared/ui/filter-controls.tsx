import { useEffect, useRef } from 'react';

/** Typing waits for a pause before asking the server; selects and chips apply at once. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Applies the typed part of a filter (`typed`: the search text, price bounds) after a pause in typing, and only
 * when it differs from what the list already shows (`applied`).
 */
export function useDebouncedPatch<P extends Record<string, string>>(typed: P, applied: P, apply: (patch: P) => void) {
  const latest = useRef(apply);
  latest.current = apply;
  const typedKey = JSON.stringify(typed);
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    if (typedKey === appliedKey) return;
    const timer = setTimeout(() => latest.current(JSON.parse(typedKey) as P), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typedKey, appliedKey]);
}

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  className: string;
}

/** A list's name search (role searchbox, named by `label`). */
export function SearchBox({ value, onChange, label, placeholder, className }: SearchBoxProps) {
  return (
    <input
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      aria-label={label}
      maxLength={40}
      className={className}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

interface OptionSelectProps {
  /** Its name when no <label> points at it (`id`). */
  label?: string;
  id?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** The first option, value '' (no filter). */
  anyLabel?: string;
  className: string;
}

/** A drop-down of options (role combobox), named by `label` or by the <label> of its `id`. */
export function OptionSelect({ label, id, value, onChange, options, anyLabel, className }: OptionSelectProps) {
  return (
    <select id={id} aria-label={label} className={className} value={value} onChange={(e) => onChange(e.target.value)}>
      {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

interface PriceRangeProps {
  low: string;
  high: string;
  onLow: (value: string) => void;
  onHigh: (value: string) => void;
  lowLabel: string;
  highLabel: string;
  className: string;
  inputClassName: string;
}

/** Two yuan bounds as typed, "min – max". */
export function PriceRange({ low, high, onLow, onHigh, lowLabel, highLabel, className, inputClassName }: PriceRangeProps) {
  const bound = (value: string, onChange: (value: string) => void, label: string) => (
    <input
      inputMode="decimal"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={label}
      aria-label={label}
      className={inputClassName}
    />
  );
  return (
    <span className={className}>
      {bound(low, onLow, lowLabel)}–{bound(high, onHigh, highLabel)}
    </span>
  );
}
