import { Link } from 'react-router';
import type { SkinDetail } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { useSkinOverlayStore } from '../../../shared/stores/skin-overlay-store';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ItemImage } from '../../../shared/ui/item-image';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { Price } from '../../../shared/ui/price';
import { useSkinDetail } from '../api/get-skin-detail';

/** A chance per opening as a percentage; small chances keep their digits (0.064%, not 0%). */
export const formatChance = (probability: number) => `${(probability * 100).toFixed(probability >= 0.01 ? 2 : 3)}%`;

const rarityLabel = (rarity: string) => `skin.rarity.${rarity}` as MessageId;

function SkinFacts({ skin }: { skin: SkinDetail }) {
  const t = useT();
  return (
    <div className="flex gap-4">
      <ItemImage src={skin.image} name={skin.name} grade={skin.grade} className="size-32 shrink-0" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-400">{t('skin.detail.rarity')}</dt>
        <dd className="flex items-center gap-1.5" data-testid="skin-rarity">
          <span aria-hidden="true" className="inline-block size-3 rounded-full" style={{ background: skin.rarityColor }} />
          <span style={{ color: skin.rarityColor }}>{t(rarityLabel(skin.rarity))}</span>
        </dd>
        <dt className="text-slate-400">{t('skin.detail.exterior')}</dt>
        <dd className="text-slate-100">{skin.exterior ? t(`dream.ext.${skin.exterior}` as MessageId) : t('skin.detail.noExterior')}</dd>
        <dt className="text-slate-400">{t('skin.detail.type')}</dt>
        <dd className="text-slate-100">{t(`dream.type.${skin.category}` as MessageId)}</dd>
        <dt className="text-slate-400">{t('skin.detail.referencePrice')}</dt>
        <dd>
          <Price fen={skin.referencePrice} className="font-semibold text-accent-orange" />
        </dd>
        <dt className="text-slate-400">{t('skin.detail.recoveryPrice')}</dt>
        <dd>
          <Price fen={skin.recoveryPrice} className="text-slate-100" />
        </dd>
      </dl>
    </div>
  );
}

/** "Where to try": each box holding the item, most likely first, linking to its page. */
function SkinBoxes({ skin, onClose }: { skin: SkinDetail; onClose: () => void }) {
  const t = useT();
  if (skin.boxes.length === 0) return <p className="text-sm text-slate-300">{t('skin.detail.noBoxes')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="skin-boxes">
      {skin.boxes.map((box) => (
        <li key={box.boxId}>
          <Link
            to={`/box/${box.boxId}`}
            onClick={onClose}
            data-testid="skin-box"
            className="flex items-center justify-between gap-3 rounded-lg border border-line bg-panel-2 px-3 py-2 text-sm hover:brightness-125 focus-visible:outline-2 focus-visible:outline-accent-orange"
          >
            <span className="truncate text-slate-100">{box.boxName}</span>
            <span className="flex shrink-0 items-center gap-3">
              <Price fen={box.openPrice} className="text-slate-300" />
              <span className="font-semibold text-accent-cyan" data-testid="skin-box-chance">
                {formatChance(box.probability)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 overlay "skin": an item's picture, rarity, exterior, prices and the boxes that hold it. */
export function SkinOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const itemId = useSkinOverlayStore((s) => s.itemId);
  const detail = useSkinDetail(itemId);
  return (
    <Dialog title={detail.data?.name ?? t('overlay.skin')} onClose={onClose} testId="overlay-skin">
      <div className="flex flex-col gap-4 p-5">
        {itemId === null ? (
          <EmptyState message={t('empty.skin')} />
        ) : detail.isPending ? (
          <PageFallback />
        ) : detail.isError ? (
          <EmptyState message={t('skin.loadFailed')} />
        ) : (
          <>
            <SkinFacts skin={detail.data} />
            <section className="flex flex-col gap-2">
              <h3 className="font-semibold text-white">{t('skin.detail.whereToTry')}</h3>
              <SkinBoxes skin={detail.data} onClose={onClose} />
            </section>
          </>
        )}
      </div>
    </Dialog>
  );
}
