import { useId, useRef, type KeyboardEvent } from 'react';

export interface SegmentOption<V extends string | number> {
  value: V;
  label: string;
}

/**
 * A row of tabs (WAI-ARIA tablist: arrows move, Home/End jump). `controls` names the panel the tabs
 * switch; the caller renders that panel with the same id.
 */
export function Segmented<V extends string | number>({
  label,
  options,
  value,
  onChange,
  size = 'md',
  testId,
}: {
  label: string;
  options: readonly SegmentOption<V>[];
  value: V;
  onChange: (value: V) => void;
  size?: 'sm' | 'md';
  testId?: string;
}) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const active = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: options.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + options.length) % options.length;
    onChange(options[next]!.value);
    buttons.current[next]?.focus();
  };
  const pad = size === 'sm' ? 'px-3 py-1 text-xs' : 'px-4 py-1.5 text-sm';
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-2" data-testid={testId}>
      {options.map((option, index) => (
        <button
          key={String(option.value)}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          id={`${baseId}-${index}`}
          type="button"
          role="tab"
          onKeyDown={onKeyDown}
          aria-selected={index === active}
          tabIndex={index === active ? 0 : -1}
          onClick={() => onChange(option.value)}
          className={`whitespace-nowrap rounded-full ${pad} ${index === active ? 'bg-accent-orange font-semibold text-black' : 'bg-panel-2 text-slate-300 hover:text-white'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
