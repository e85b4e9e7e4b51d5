import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n/use-t';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /**
   * `drawer` slides in from the start edge (the mobile left menu); `sheet` is centred from sm up and
   * full-screen below it (the login panels and forms); `side` is a panel on the end edge (message centre),
   * full-screen below sm.
   */
  variant?: 'centre' | 'drawer' | 'sheet' | 'side';
  /** A wider centred panel (the box result dialog with several items). */
  wide?: boolean;
  testId?: string;
}

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the panel. */
function trapTab(event: KeyboardEvent<HTMLDivElement>, panel: HTMLDivElement | null): void {
  if (event.key !== 'Tab' || !panel) return;
  const items = Array.from(panel.querySelectorAll<HTMLElement>(focusableSelector));
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** A modal panel: title, close button, Esc and backdrop close, focus kept inside and restored after. */
export function Dialog({ title, onClose, children, variant = 'centre', wide = false, testId }: DialogProps) {
  const t = useT();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    trapTab(event, panel.current);
  };

  const placement = {
    drawer: 'justify-start',
    centre: 'items-center justify-center p-4',
    sheet: 'items-stretch justify-center sm:items-center sm:p-4',
    side: 'justify-end',
  }[variant];
  const shape = {
    drawer: 'h-full w-72 max-w-[85vw] rounded-e-2xl',
    centre: `w-full ${wide ? 'max-w-3xl' : 'max-w-md'} rounded-2xl max-h-[90vh]`,
    sheet: 'h-full w-full sm:h-auto sm:max-w-md sm:rounded-2xl sm:max-h-[90vh]',
    side: 'h-full w-full sm:w-[28rem] sm:rounded-s-2xl',
  }[variant];
  return createPortal(
    // Below the sandbox strip when there is one (--sandbox-strip, issue 30 §6), so a dialog never hides it.
    <div className={`fixed inset-x-0 top-[var(--sandbox-strip,0px)] bottom-0 z-50 flex ${placement}`}>
      <div className="absolute inset-0 bg-black/70" aria-hidden="true" onClick={onClose} />
      {/* The panel is the WAI-ARIA modal dialog: Esc closes it and Tab stays inside, so it listens for keys. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        // Focus never leaves the panel (trapTab), so every key the dialog hears comes through here.
        onKeyDown={onKeyDown}
        data-testid={testId}
        className={`relative flex flex-col overflow-y-auto border border-line bg-panel shadow-2xl ${shape}`}
      >
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-white">
            {title}
          </h2>
          <button
            type="button"
            data-autofocus
            onClick={onClose}
            aria-label={t('dialog.close')}
            className="rounded-md p-1 text-slate-400 hover:bg-panel-2 hover:text-white focus-visible:outline-2 focus-visible:outline-accent-orange"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="px-5 py-5">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
