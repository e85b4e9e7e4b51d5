import { buttonClass, primaryButtonClass } from './styles';

/** The last row of a console dialog's form: Cancel (closes, sends nothing) and the submit button. */
export function FormActions({
  cancelLabel,
  submitLabel,
  onCancel,
  disabled = false,
}: {
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  /** The submit button is off: the form is not valid yet, or its call is running. */
  disabled?: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <button type="button" className={buttonClass} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className={primaryButtonClass} disabled={disabled}>
        {submitLabel}
      </button>
    </div>
  );
}
