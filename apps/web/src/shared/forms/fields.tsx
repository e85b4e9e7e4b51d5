import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';

const inputClass =
  'w-full min-w-0 rounded-lg border bg-surface px-3 py-2.5 text-sm text-white placeholder:text-slate-500 focus:border-accent-orange focus:outline-none';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Beside the input (a "get code" button). */
  addon?: ReactNode;
  /** Under the input, before the error (the sandbox peek link). */
  below?: ReactNode;
}

/** A labelled input with its error announced to screen readers. */
export function TextField({ label, value, onChange, error, hint, addon, below, id, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm text-slate-300">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClass} ${error ? 'border-accent-red' : 'border-line'}`}
          {...rest}
        />
        {addon}
      </div>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {below}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A control's error, announced when it appears; nothing without one. */
export function FieldError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs text-accent-red">
      {message}
    </p>
  );
}

interface CheckboxFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null | undefined;
  name?: string;
}

export function CheckboxField({ checked, onChange, children, error, name }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2 text-sm text-slate-300">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-4 shrink-0 accent-accent-orange"
        />
        <label htmlFor={id}>{children}</label>
      </div>
      <FieldError message={error} />
    </div>
  );
}

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`animate-spin ${className}`} fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

const variants = {
  primary: 'bg-accent-orange text-black hover:brightness-110',
  secondary: 'bg-panel-2 text-slate-100 hover:brightness-125',
  danger: 'bg-accent-red text-black hover:brightness-110',
  steam: 'bg-[#1b2838] text-white hover:brightness-125',
} as const;

interface ButtonProps {
  children: ReactNode;
  pending?: boolean;
  disabled?: boolean;
  type?: 'button' | 'submit';
  variant?: keyof typeof variants;
  onClick?: () => void;
  className?: string;
  testId?: string;
}

/** Shows a spinner and is disabled while its request is pending. */
export function Button({
  children,
  pending = false,
  disabled = false,
  type = 'button',
  variant = 'primary',
  onClick,
  className = '',
  testId,
}: ButtonProps) {
  return (
    <button
      type={type}
      onClick={onClick}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      data-testid={testId}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${className}`}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}
