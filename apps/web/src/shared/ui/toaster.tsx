import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { toastOptions } from '@skinfair/contract';

/**
 * Spec §9 toasts. react-hot-toast keeps at most 20 toasts in its store (its TOAST_LIMIT, not an
 * option); useToastLimit enforces the spec's 20 on *visible* toasts ourselves by dismissing the oldest,
 * so the rule holds even if the library constant changes. The 1000 ms removal delay is react-hot-toast's `removeDelay` (the time a dismissed
 * toast stays mounted for its exit animation before `toast.remove` happens); it is set explicitly so a
 * library default change cannot alter it.
 */
/** The library itself, for shared/ui/toast.tsx: it lives in this lazy chunk with its renderer. */
export const hotToast = toast;

export function useToastLimit(limit: number = toastOptions.maxVisible): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((item) => item.visible);
    // The store lists the newest first; everything past the limit is older.
    for (const item of visible.slice(limit)) toast.dismiss(item.id);
  }, [toasts, limit]);
}

export function AppToaster() {
  useToastLimit();
  const { durationMs } = toastOptions;
  return (
    <Toaster
      position={toastOptions.position}
      gutter={toastOptions.gutterPx}
      toastOptions={{
        duration: durationMs.blank,
        removeDelay: toastOptions.removeDelayMs,
        style: { maxWidth: toastOptions.maxWidthPx, background: '#1f2330', color: '#f1f5f9' },
        success: { duration: durationMs.success },
        error: { duration: durationMs.error },
        custom: { duration: durationMs.custom },
        loading: { duration: Number.POSITIVE_INFINITY },
      }}
    />
  );
}
