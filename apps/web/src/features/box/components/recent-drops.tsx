import type { DropItem } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { DemoBadge } from '../../../shared/ui/demo-badge';
import { gradeColour, ItemImage } from '../../../shared/ui/item-image';
import { EmptyNote } from '../../../shared/ui/list-state';
import { Price } from '../../../shared/ui/price';

/** The newest drops of this box, newest first. */
export function RecentDrops({ drops }: { drops: readonly DropItem[] }) {
  const t = useT();
  if (drops.length === 0) {
    return <EmptyNote message={t('empty.drops')} />;
  }
  return (
    <ul aria-live="polite" className="flex gap-2 overflow-x-auto pb-2" data-testid="box-recent-drops">
      {drops.map((drop) => {
        const colour = gradeColour(drop.grade);
        return (
          <li
            key={drop.id}
            data-testid="box-recent-drop"
            data-drop-id={drop.id}
            data-demo={drop.demo}
            className="flex w-36 shrink-0 flex-col gap-1 rounded-lg border border-line bg-panel-2 p-2"
            style={{ borderTopColor: colour, borderTopWidth: 3 }}
          >
            <div className="relative">
              <ItemImage src={drop.giftImage} name={drop.giftName} grade={drop.grade} className="h-16 w-full" />
              {drop.demo ? <DemoBadge /> : null}
            </div>
            <p className="truncate text-xs" style={{ color: colour }} title={drop.giftName}>
              {drop.giftName}
            </p>
            <p className="truncate text-xs text-slate-400">{drop.nickname}</p>
            <Price fen={drop.recoveryPrice} className="text-xs font-semibold text-accent-orange" />
          </li>
        );
      })}
    </ul>
  );
}
