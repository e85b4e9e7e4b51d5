/** Suspense fallback while a page chunk loads (spec §2: each page loads on first visit). */
export function PageFallback() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" aria-busy="true" aria-live="polite">
      <span className="size-8 animate-spin rounded-full border-2 border-slate-600 border-t-accent-orange" />
    </div>
  );
}
