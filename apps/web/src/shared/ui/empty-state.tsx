import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

/** An honest empty state: what is missing, and optionally what to do about it. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-line bg-panel/60 px-6 py-12 text-center text-slate-400"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-slate-600" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M3 7l9-4 9 4-9 4-9-4zm0 0v10l9 4 9-4V7" />
      </svg>
      <p>{message}</p>
      {children}
    </div>
  );
}

/** A list or panel that could not load: what failed, and a button that asks again. */
export function RetryState({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <EmptyState message={message}>
      <button type="button" onClick={onRetry} className="rounded-lg border border-line px-5 py-2 text-sm text-white hover:brightness-125">
        {retryLabel}
      </button>
    </EmptyState>
  );
}

/** Data a page or panel needs could not load: the failure announced, and a button that asks again. */
export function LoadFailedAlert({ onRetry, retryLabel, className }: { onRetry: () => void; retryLabel?: string; className: string }) {
  const t = useT();
  return (
    <div role="alert" className={`flex flex-col items-center gap-3 ${className}`}>
      <p>{t('common.loadFailed')}</p>
      <button type="button" onClick={onRetry} className="rounded-lg bg-panel-2 px-4 py-2 text-sm text-white hover:brightness-125">
        {retryLabel ?? t('doc.retry')}
      </button>
    </div>
  );
}
