import { formatFen } from '@skinfair/contract';
import { fieldClass } from '../styles';

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
