import { useEffect, useRef, useState, type ReactNode } from 'react';
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
  /** The anchor a link can open (`/personal#<id>`). */
  id?: string;
  /**
   * Arrived by a link to this section: it opens its form, scrolls into view and puts the focus in the
   * form (issue 30 §7: "去设置交易链接" opens the trade-link field itself, not the top of the page).
   */
  openOnArrival?: boolean;
}

const focusable = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])';

/** One row of the account settings: title, current value, and an inline form opened by its button. */
export function SettingsSection({ title, value, actionLabel, children, testId, id, openOnArrival = false }: SettingsSectionProps) {
  const t = useT();
  const arriving = openOnArrival && Boolean(actionLabel && children);
  const [editing, setEditing] = useState(arriving);
  const section = useRef<HTMLElement>(null);
  const form = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!arriving) return;
    section.current?.scrollIntoView?.({ block: 'center' });
    // The form's own autofocus usually got there first; a form that starts with a check gets its first control.
    if (!form.current?.contains(document.activeElement)) form.current?.querySelector<HTMLElement>(focusable)?.focus();
  }, [arriving]);

  return (
    <section
      ref={section}
      id={id}
      // Clear of the sticky header when the browser scrolls to the anchor.
      className="flex scroll-mt-28 flex-col gap-3 border-b border-line px-5 py-4 last:border-b-0"
      data-testid={testId}
      aria-label={title}
    >
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
      {editing && children ? (
        <div ref={form} className="sm:ps-31">
          {children(() => setEditing(false))}
        </div>
      ) : null}
    </section>
  );
}
