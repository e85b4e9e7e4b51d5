import type { DropItem } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { openUserCard } from '../../../shared/stores/user-card-store';
import { DemoBadge } from '../../../shared/ui/demo-badge';
import { gradeColour, ItemImage } from '../../../shared/ui/item-image';
import { Price } from '../../../shared/ui/price';

/** One drop: item picture (grade-tinted), item name, player, value; demo drops carry a badge. */
export function DropCard({ drop }: { drop: DropItem }) {
  const t = useT();
  const colour = gradeColour(drop.grade);
  return (
    <li
      data-testid="drop-item"
      data-drop-id={drop.id}
      data-grade={drop.grade}
      data-demo={drop.demo}
      className="flex w-40 shrink-0 flex-col gap-1 rounded-lg border border-line bg-panel-2 p-2"
      style={{ borderTopColor: colour, borderTopWidth: 3 }}
    >
      <div className="relative">
        <ItemImage src={drop.giftImage} name={drop.giftName} grade={drop.grade} className="h-20 w-full" />
        {/* Seeded or sandbox data is never passed off as a real opening (decision 0017). */}
        {drop.demo ? <DemoBadge /> : null}
      </div>
      <p className="truncate text-xs font-medium" style={{ color: colour }} title={drop.giftName}>
        {drop.giftName}
      </p>
      {drop.userId !== null ? (
        <button
          type="button"
          onClick={() => openUserCard(drop.userId!)}
          aria-label={t('userCard.open', { name: drop.nickname })}
          data-testid="drop-player"
          className="truncate text-start text-xs text-slate-400 hover:text-white hover:underline"
          title={drop.nickname}
        >
          {drop.nickname}
        </button>
      ) : (
        <p className="truncate text-xs text-slate-400" title={drop.nickname}>
          {drop.nickname}
        </p>
      )}
      <div className="flex items-center justify-between gap-2 text-xs">
        <Price fen={drop.recoveryPrice} className="shrink-0 font-semibold text-accent-orange" />
        {drop.sourceName ? (
          <span className="truncate text-slate-500" title={t('feed.from', { source: drop.sourceName })}>
            {drop.sourceName}
          </span>
        ) : null}
      </div>
    </li>
  );
}
