import { useState, type ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';

interface SettingsSectionProps {
  title: string;
  /** The current value, shown while not editing. */
  value?: ReactNode;
  /** Label of the button that opens the form; no button when absent. */
  actionLabel?: string;
  /** The form; receives `done` to close itself after saving. */
  children?: (done: () => void) => ReactNode;
  testId?: string;
}

/** One row of the account settings: title, current value, and an inline form opened by its button. */
export function SettingsSection({ title, value, actionLabel, children, testId }: SettingsSectionProps) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  return (
    <section className="flex flex-col gap-3 border-b border-line px-5 py-4 last:border-b-0" data-testid={testId} aria-label={title}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="w-28 shrink-0 text-sm font-semibold text-white">{title}</h2>
        <div className="min-w-0 flex-1 break-all text-sm text-slate-300">{value}</div>
        {actionLabel && children ? (
          <button
            type="button"
            onClick={() => setEditing((e) => !e)}
            aria-expanded={editing}
            className="shrink-0 rounded-md bg-panel-2 px-3 py-1.5 text-sm text-slate-100 hover:brightness-125"
          >
            {editing ? t('account.cancelEdit') : actionLabel}
          </button>
        ) : null}
      </div>
      {editing && children ? <div className="sm:ps-31">{children(() => setEditing(false))}</div> : null}
    </section>
  );
}
