import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { fieldClass } from './styles';

// The console's form controls inside their labels: the label's text names the control, no id needed.

/** How a label stacks its text over the control. */
export const labelClass = 'flex flex-col gap-1 text-sm text-slate-200';

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'children' | 'type'>;

/** A one-line input (text, password, number…) under its label; `onChange` gets the raw text. */
export function LabelledInput({
  label,
  value,
  onChange,
  type = 'text',
  className = fieldClass,
  ...attributes
}: InputAttributes & {
  label: ReactNode;
  value: string | number;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'number' | 'datetime-local';
}) {
  return (
    <label className={labelClass}>
      {label}
      <input type={type} className={className} value={value} onChange={(e) => onChange(e.target.value)} {...attributes} />
    </label>
  );
}

/** A select under its label; the options are the caller's. */
export function LabelledSelect({
  label,
  value,
  onChange,
  children,
  ...attributes
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'className'> & {
  label: ReactNode;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className={labelClass}>
      {label}
      <select className={fieldClass} value={value} onChange={(e) => onChange(e.target.value)} {...attributes}>
        {children}
      </select>
    </label>
  );
}

/** A checkbox before its label. */
export function LabelledCheckbox({
  label,
  checked,
  onChange,
  ...attributes
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'checked' | 'onChange' | 'type' | 'children'> & {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-200">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} {...attributes} />
      {label}
    </label>
  );
}
