import type { BoxGift } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { gradeColour } from '../../../shared/ui/item-image';
import { ItemFace, type ItemFaceLook } from '../../../shared/ui/item-face';

const dropLook: ItemFaceLook = { image: 'h-20 w-full', name: 'truncate text-xs', price: 'text-sm font-semibold text-accent-orange' };

/** Grade first (gold, red, purple, blue-grey), then the dearest first. */
export function sortGifts(gifts: readonly BoxGift[]): BoxGift[] {
  return [...gifts].sort((a, b) => a.grade - b.grade || b.recoveryPrice - a.recoveryPrice || a.rollCodeLow - b.rollCodeLow);
}

/** Weight is in 1/100000, so weight / 1000 is the percentage, shown with 3 decimals. */
export const formatProbability = (weight: number) => `${(weight / 1000).toFixed(3)}%`;

/** The drop list: each item with its probability and its inclusive roll range. */
export function DropTable({ gifts }: { gifts: readonly BoxGift[] }) {
  const t = useT();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5" data-testid="drop-table">
      {sortGifts(gifts).map((gift) => {
        const colour = gradeColour(gift.grade);
        return (
          <li
            key={gift.giftId}
            data-testid="drop-gift"
            data-grade={gift.grade}
            className="flex flex-col gap-1.5 rounded-xl border border-line bg-panel p-3"
            style={{ borderBottomColor: colour, borderBottomWidth: 3 }}
          >
            <div className="flex items-center justify-between text-xs">
              <span className="font-semibold" style={{ color: colour }} data-testid="drop-probability">
                {formatProbability(gift.weight)}
              </span>
              <span className="text-slate-500" title={t('box.rangeTitle')}>
                {gift.rollCodeLow}–{gift.rollCodeHigh}
              </span>
            </div>
            <ItemFace image={gift.giftImage} name={gift.giftName} grade={gift.grade} fen={gift.recoveryPrice} look={dropLook} graded />
          </li>
        );
      })}
    </ul>
  );
}
