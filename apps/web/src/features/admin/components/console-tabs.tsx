import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A console screen's tabs (WAI-ARIA tabs): arrow keys move between them and wrap, Home and End go to the
 * ends, and only the chosen tab is in the Tab order; Tab then moves into its panel, which holds `children`.
 */
export function ConsoleTabs<T extends string>({
  id,
  label,
  tabs,
  active,
  onSelect,
  tabLabel,
  listClass,
  tabClass,
  children,
}: {
  /** Stem of the tabs' and panels' element ids. */
  id: string;
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly T[];
  active: T;
  onSelect: (tab: T) => void;
  tabLabel: (tab: T) => string;
  listClass: string;
  tabClass: (selected: boolean) => string;
  children: ReactNode;
}) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const i = tabs.indexOf(active);
    const moves: Record<string, T | undefined> = {
      ArrowRight: tabs[(i + 1) % tabs.length],
      ArrowLeft: tabs[(i + tabs.length - 1) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={listClass}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`${id}-panel-${tab}`}
            tabIndex={tab === active ? 0 : -1}
            onKeyDown={onKey}
            className={tabClass(tab === active)}
            onClick={() => onSelect(tab)}
          >
            {tabLabel(tab)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${active}`} aria-labelledby={`${id}-tab-${active}`} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
