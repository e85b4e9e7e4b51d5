import { formatFen } from '@skinfair/contract';
import { fieldClass } from '../styles';
import { InputField } from '../input-field';

/** What the Items screen's tabs share: percentages of basis points and the yuan input. */

/** Basis points as a percentage ("80 %", "12.5 %"), exact: bp / 100 is formatted like fen / 100. */
export const percent = (bp: number) => `${formatFen(bp)} %`;
export const signedPercent = (bp: number) => `${bp > 0 ? '+' : ''}${percent(bp)}`;

/** A yuan field: the operator types yuan, the form keeps exact fen (null while it is not an amount). */
export function YuanInput({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <input
      type="text"
      inputMode="decimal"
      aria-label={label}
      placeholder={label}
      className={fieldClass}
      value={value}
      maxLength={12}
      onChange={(e) => onChange(e.target.value.trim())}
    />
  );
}

/** A whole-number field (an id, a count): anything but digits is dropped as it is typed. */
export function DigitsInput({
  label,
  value,
  maxLength,
  onChange,
}: {
  label: string;
  value: string;
  maxLength: number;
  onChange: (digits: string) => void;
}) {
  return (
    <input
      aria-label={label}
      placeholder={label}
      inputMode="numeric"
      className={fieldClass}
      value={value}
      maxLength={maxLength}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
    />
  );
}

/** A labelled amount in yuan (or, `whole`, a count): spaces are dropped as it is typed. */
export function AmountField({
  label,
  value,
  onChange,
  whole = false,
  maxLength = 12,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  whole?: boolean;
  maxLength?: number;
}) {
  return (
    <InputField
      label={label}
      inputMode={whole ? 'numeric' : 'decimal'}
      value={value}
      maxLength={maxLength}
      onChange={(v) => onChange(v.trim())}
    />
  );
}
