import type { ReactNode } from 'react';
import { smallButtonClass } from './styles';

/**
 * A console panel under a list (a row's detail, an editor): a region named by its title, with the panel's
 * own `actions` and Close in its header.
 */
export function Panel({
  title,
  closeLabel,
  onClose,
  actions,
  children,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-3 rounded border border-line bg-panel p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{title}</h2>
        <div className="flex gap-2">
          {actions}
          <button type="button" className={smallButtonClass} onClick={onClose}>
            {closeLabel}
          </button>
        </div>
      </div>
      {children}
    </section>
  );
}

/** A record's fields as a definition list: each row a label and its value. */
export function DetailList({ rows }: { rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => [
        <dt key={`${label}:t`} className="text-slate-400">
          {label}
        </dt>,
        <dd key={`${label}:d`}>{value}</dd>,
      ])}
    </dl>
  );
}
