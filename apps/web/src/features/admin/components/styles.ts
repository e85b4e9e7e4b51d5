/** The console's control looks, one place: every screen's inputs and buttons match. */
export const fieldClass = 'rounded border border-line bg-panel-2 px-2 py-1.5 text-sm text-white';
export const smallButtonClass = 'rounded border border-line px-2 py-1 text-xs text-slate-200 hover:bg-panel-2 disabled:opacity-40';
export const buttonClass = 'rounded border border-line px-3 py-1.5 text-sm text-slate-200 hover:bg-panel-2 disabled:opacity-40';
export const primaryButtonClass =
  'rounded bg-accent-orange px-4 py-1.5 text-sm font-medium text-black disabled:cursor-not-allowed disabled:opacity-40';
