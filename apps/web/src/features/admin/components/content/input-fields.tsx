import { useId, type ReactNode } from 'react';
import { fieldClass } from '../styles';
import { LabelledCheckbox, LabelledInput, labelClass } from '../labelled';

// The Content screen's inputs: every control has its own label; hints are tied by aria-describedby.

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span id={id} className="text-xs text-slate-400">
      {children}
    </span>
  );
}

export function TextField({
  label,
  value,
  onChange,
  maxLength,
  hint,
  readOnly = false,
  required = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  hint?: string;
  readOnly?: boolean;
  required?: boolean;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <LabelledInput
        label={label}
        value={value}
        maxLength={maxLength}
        readOnly={readOnly}
        required={required}
        aria-describedby={hint ? hintId : undefined}
        onChange={onChange}
      />
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </div>
  );
}

export function TextArea({
  label,
  value,
  onChange,
  maxLength,
  rows = 6,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  hint?: string;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className={labelClass}>
        {label}
        <textarea
          className={`${fieldClass} font-mono`}
          value={value}
          rows={rows}
          maxLength={maxLength}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </div>
  );
}

export function NumberField({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <LabelledInput
      label={label}
      type="number"
      inputMode="numeric"
      min={0}
      max={1_000_000}
      className={`${fieldClass} w-32`}
      value={value}
      onChange={(v) => onChange(Math.max(0, Math.trunc(Number(v) || 0)))}
    />
  );
}

export function CheckField({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <LabelledCheckbox label={label} checked={checked} aria-describedby={hint ? hintId : undefined} onChange={onChange} />
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </div>
  );
}
