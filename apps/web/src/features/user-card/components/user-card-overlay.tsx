import type { UserCard } from '@skinfair/contract';
import { useUserCard } from '../api/get-user-card';
import { useT } from '../../../shared/i18n/use-t';
import { useUserCardStore } from '../../../shared/stores/user-card-store';
import { Avatar } from '../../../shared/ui/avatar';
import { DemoBadge } from '../../../shared/ui/demo-badge';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ItemImage } from '../../../shared/ui/item-image';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { Price } from '../../../shared/ui/price';

/** A frame is a colour (#rrggbb) or an image path; the avatar ring draws a colour only. */
const frameColour = (frame: string | null) => (frame && frame.startsWith('#') ? frame : null);

function CardBody({ card }: { card: UserCard }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-5 p-5" data-testid="user-card">
      <div className="flex items-center gap-4">
        <Avatar src={card.headPic} name={card.nickname} className="size-16" frameColor={frameColour(card.avatarFrame)} />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold" style={{ color: card.nameColor ?? undefined }} data-testid="user-card-name">
            {card.nickname}
          </p>
          <p className="text-sm text-slate-300">
            <span className="rounded bg-accent-orange/20 px-1.5 text-accent-orange" data-testid="user-card-vip">
              VIP {card.grade}
            </span>
            <span className="ms-2 text-slate-400">{t('userCard.id', { id: card.userId })}</span>
          </p>
        </div>
      </div>
      <section>
        <h3 className="mb-2 font-semibold text-white">{t('userCard.battles')}</h3>
        <p className="text-sm text-slate-200" data-testid="user-card-battles">
          {t('userCard.battleRecord', { played: card.battles.played, won: card.battles.won })}
        </p>
      </section>
      <section>
        <h3 className="mb-2 font-semibold text-white">{t('userCard.bestDrops')}</h3>
        {card.bestDrops.length === 0 ? (
          <p className="text-sm text-slate-300">{t('userCard.noDrops')}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2" data-testid="user-card-drops">
            {card.bestDrops.map((drop, i) => (
              <li key={i} className="relative flex flex-col gap-1 rounded-lg border border-line bg-panel-2 p-1.5">
                <ItemImage src={drop.giftImage} name={drop.giftName} grade={drop.grade} className="h-16 w-full" />
                {drop.demo ? <DemoBadge /> : null}
                <span className="truncate text-xs text-slate-200" title={drop.giftName}>
                  {drop.giftName}
                </span>
                <Price fen={drop.recoveryPrice} className="text-xs font-semibold text-accent-orange" />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Spec §2 overlay "user info": a player's public card, opened from the live feed and the rankings. */
export function UserCardOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const userId = useUserCardStore((s) => s.userId);
  const card = useUserCard(userId);
  return (
    <Dialog title={t('overlay.userInfo')} onClose={onClose} testId="overlay-userInfo">
      {userId === null ? (
        <EmptyState message={t('userCard.notFound')} />
      ) : card.isPending ? (
        <PageFallback />
      ) : card.isError ? (
        <EmptyState message={t('userCard.notFound')} />
      ) : (
        <CardBody card={card.data} />
      )}
    </Dialog>
  );
}
