import { useState } from 'react';
import { BATTLE_MAX_BOXES, type BoxTheme } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ItemImage } from '../../../shared/ui/item-image';
import { Price } from '../../../shared/ui/price';
import { Segmented } from '../../../shared/ui/segmented';
import { countOf, type PickedBox } from '../battle-picks';

/** Theme tabs over a grid of boxes, each with − count + (a box may be picked for several rounds). */
export function BoxPicker({
  themes,
  picks,
  onAdd,
  onRemove,
  compact = false,
}: {
  themes: readonly BoxTheme[];
  picks: readonly PickedBox[];
  onAdd: (box: PickedBox) => void;
  onRemove: (boxId: number) => void;
  /** Inside the battle-open overlay's narrow panel: at most three columns, smaller images. */
  compact?: boolean;
}) {
  const t = useT();
  const [themeId, setThemeId] = useState<number | null>(null);
  const theme = themes.find((x) => x.id === themeId) ?? themes[0];
  const full = picks.length >= BATTLE_MAX_BOXES;
  if (!theme) return <EmptyState message={t('battle.create.noBoxes')} />;
  const boxes = theme.boxList.filter((box) => box.enabled);
  const step = 'flex size-8 items-center justify-center rounded-md bg-panel-2 text-lg text-white hover:brightness-125 disabled:opacity-40';
  return (
    <div className="flex flex-col gap-3">
      <Segmented
        label={t('battle.create.themes')}
        options={themes.map((x) => ({ value: x.id, label: x.themeName }))}
        value={theme.id}
        onChange={setThemeId}
        size="sm"
        testId="battle-themes"
      />
      {boxes.length === 0 ? (
        <EmptyState message={t('battle.create.noBoxes')} />
      ) : (
        <ul className={`grid grid-cols-2 gap-3 sm:grid-cols-3 ${compact ? '' : 'lg:grid-cols-5'}`}>
          {boxes.map((box) => {
            const count = countOf(picks, box.id);
            return (
              <li
                key={box.id}
                className={`flex flex-col items-center gap-2 rounded-lg p-3 text-sm ${compact ? 'bg-surface' : 'bg-panel'} ${count > 0 ? 'ring-1 ring-accent-orange' : ''}`}
                data-testid="pick-box"
                data-box-id={box.id}
              >
                <ItemImage src={box.boxImage} name={box.boxName} grade={3} className={compact ? 'size-16' : 'size-20'} />
                <span className="line-clamp-1 text-slate-200">{box.boxName}</span>
                <Price fen={box.openPrice} className="text-accent-orange" />
                <div className="flex items-center gap-3">
                  <button
                    type="button"
                    className={step}
                    disabled={count === 0}
                    onClick={() => onRemove(box.id)}
                    aria-label={t('battle.create.removeOne', { name: box.boxName })}
                    data-testid="pick-minus"
                  >
                    −
                  </button>
                  <span className="w-6 text-center text-white" aria-live="polite" data-testid="pick-count">
                    {count}
                  </span>
                  <button
                    type="button"
                    className={step}
                    disabled={full}
                    onClick={() => onAdd({ boxId: box.id, boxName: box.boxName, boxImage: box.boxImage, priceFen: box.openPrice })}
                    aria-label={t('battle.create.addOne', { name: box.boxName })}
                    data-testid="pick-plus"
                  >
                    +
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
