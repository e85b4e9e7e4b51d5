import type { DropItem } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyNote } from '../../../shared/ui/list-state';
import { DropCard } from './drop-card';

interface DropListProps {
  title: string;
  drops: DropItem[];
  testId: 'live-feed-recent' | 'live-feed-top';
  accent: string;
}

/** A horizontal strip of drops; the test ids are relied on by the end-to-end test. */
export function DropList({ title, drops, testId, accent }: DropListProps) {
  const t = useT();
  return (
    <section data-testid={testId} aria-label={title} className="flex flex-col gap-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-200">
        <span className={`size-2 rounded-full ${accent}`} aria-hidden="true" />
        {title}
      </h2>
      {drops.length === 0 ? (
        <EmptyNote message={t('empty.drops')} />
      ) : (
        // A scrolling strip must take keyboard focus (arrow keys scroll it) even when no card is a link (axe
        // scrollable-region-focusable); it stays a list for screen readers, so the role cannot be region.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <ul aria-live="polite" aria-label={title} tabIndex={0} className="flex gap-2 overflow-x-auto pb-2">
          {drops.map((drop) => (
            <DropCard key={drop.id} drop={drop} />
          ))}
        </ul>
      )}
    </section>
  );
}
