import type { ReactNode } from 'react';

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
