import { useId, type ReactNode } from 'react';
import { roleHasPermission } from '@skinfair/contract';
import { useAdminMe } from '../../api/session';
import { fieldClass } from '../styles';

/** The Content screen's form pieces: every control has its own label; hints are tied by aria-describedby. */

export function useCanWriteContent(): boolean {
  const me = useAdminMe();
  return me.data ? roleHasPermission(me.data.role, 'content.write') : false;
}

/** ISO instant → the value of a datetime-local input, in the browser's time zone ('' for null). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value → an ISO instant ('' stays '', the server reads it as "none"). */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

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
      <label className="flex flex-col gap-1 text-sm text-slate-200">
        {label}
        <input
          className={fieldClass}
          value={value}
          maxLength={maxLength}
          readOnly={readOnly}
          required={required}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
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
      <label className="flex flex-col gap-1 text-sm text-slate-200">
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

export function NumberField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm text-slate-200">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={1_000_000}
        className={`${fieldClass} w-32`}
        value={value}
        onChange={(e) => onChange(Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
      />
    </label>
  );
}

export function DateTimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm text-slate-200">
      {label}
      <input
        type="datetime-local"
        className={fieldClass}
        value={toLocalInput(value || null)}
        onChange={(e) => onChange(fromLocalInput(e.target.value))}
      />
    </label>
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
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </div>
  );
}

/** An editor panel: a labelled region with its title, the form and the server's refusal, if any. */
export function EditorPanel({
  title,
  onClose,
  closeLabel,
  error,
  children,
}: {
  title: string;
  onClose: () => void;
  closeLabel: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-3 rounded border border-line bg-panel p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{title}</h2>
        <button
          type="button"
          className="rounded border border-line px-2 py-1 text-xs text-slate-200 hover:bg-panel-2"
          onClick={onClose}
        >
          {closeLabel}
        </button>
      </div>
      {error ? (
        <p role="alert" className="rounded bg-red-900/40 p-2 text-sm text-red-200">
          {error}
        </p>
      ) : null}
      {children}
    </section>
  );
}
