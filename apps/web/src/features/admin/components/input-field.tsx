import type { HTMLAttributes } from 'react';
import { Field } from './field';
import { fieldClass } from './styles';

/** A labelled one-line text input of the console's forms; `onChange` gets the raw text. */
export function InputField({
  label,
  value,
  onChange,
  inputMode,
  required = false,
  minLength,
  maxLength,
  pattern,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="text"
          className={fieldClass}
          required={required}
          inputMode={inputMode}
          minLength={minLength}
          maxLength={maxLength}
          pattern={pattern}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
