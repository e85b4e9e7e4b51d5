import type { BattleDetail } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { ItemImage } from '../../../shared/ui/item-image';
import { Price } from '../../../shared/ui/price';

/** The battle's boxes in round order: the round on screen is outlined, the landed ones dimmed. */
export function BoxStrip({ boxes, current, landed }: { boxes: BattleDetail['boxList']; current: number; landed: number }) {
  const t = useT();
  return (
    <section>
      <h2 className="mb-2 text-sm text-slate-400">
        {t('battle.boxes')} · {t('battle.rounds', { count: boxes.length })}
      </h2>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {boxes.map((box) => (
          <li
            key={box.round}
            className={`flex w-24 shrink-0 flex-col items-center gap-1 rounded-lg border bg-panel p-2 text-xs ${box.round === current ? 'border-accent-orange' : 'border-transparent'} ${box.round <= landed && box.round !== current ? 'opacity-60' : ''}`}
            data-testid="room-box"
            aria-current={box.round === current ? 'step' : undefined}
          >
            <ItemImage src={box.boxImage} name={box.boxName} grade={3} className="size-16" />
            <span className="line-clamp-1 text-slate-300">{box.boxName}</span>
            <Price fen={box.boxPrice} className="text-accent-orange" />
          </li>
        ))}
      </ul>
    </section>
  );
}
