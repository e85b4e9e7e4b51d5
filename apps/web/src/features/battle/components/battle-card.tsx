import { Link } from 'react-router';
import type { BattleDetail } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { Avatar } from '../../../shared/ui/avatar';
import { ItemImage } from '../../../shared/ui/item-image';
import { Price } from '../../../shared/ui/price';
import { useSettingsStore } from '../../../shared/stores/settings-store';
import { battleStatus, revealTimeline } from '../battle-status';
import { useBattleClock } from '../hooks/use-battle-clock';
import { ModeBadge, StateBadge } from './battle-badges';

/** Boxes shown on a card before "+n": a 20-box battle would otherwise push the seats off the card. */
const SHOWN_BOXES = 6;

/** One battle in the arena: its boxes, seats filled, entry price (sum of the box prices), mode and state. */
export function BattleCard({ battle, basePath }: { battle: BattleDetail; basePath: string }) {
  const t = useT();
  const hidden = battle.boxList.length - SHOWN_BOXES;
  const fast = useSettingsStore((s) => s.fastMode);
  // The card follows the same reveal schedule as the room, so both say 开奖中 until the last reel lands.
  const timeline = revealTimeline(battle, fast);
  const point = useBattleClock(timeline);
  const status = battleStatus(battle.state, timeline ? point.landed : battle.boxList.length, battle.boxList.length);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4" data-testid="battle-card" data-code={battle.battleCode}>
      <div className="flex flex-wrap items-center gap-2">
        <ModeBadge mode={battle.mode} />
        <StateBadge status={status} />
        {battle.private ? <span className="rounded bg-panel-2 px-2 py-0.5 text-xs text-slate-300">{t('battle.private')}</span> : null}
        <span className="ml-auto truncate text-sm text-slate-300">{battle.title}</span>
      </div>
      <ul className="flex flex-wrap items-center gap-2" aria-label={t('battle.boxes')}>
        {battle.boxList.slice(0, SHOWN_BOXES).map((box) => (
          <li key={box.round} data-testid="battle-card-box">
            <ItemImage src={box.boxImage} name={box.boxName} grade={3} className="size-12" />
          </li>
        ))}
        {hidden > 0 ? <li className="text-sm text-slate-400">+{hidden}</li> : null}
        <li className="ml-auto text-xs text-slate-400">{t('battle.rounds', { count: battle.boxList.length })}</li>
      </ul>
      <div className="flex items-center gap-3">
        <span className="flex -space-x-2">
          {battle.customerList.map((seat) => (
            <Avatar key={seat.pos} src={seat.headPic} name={seat.nickname} className="size-7 ring-2 ring-panel" />
          ))}
        </span>
        <span className="text-sm text-slate-300" data-testid="battle-seats">
          {t('battle.seats', { filled: battle.customerList.length, total: battle.countCustomer })}
        </span>
        <span className="ml-auto flex items-baseline gap-1 text-sm text-slate-400">
          {t('battle.entry')}
          <Price fen={battle.totalPrice} className="font-bold text-accent-orange" />
        </span>
      </div>
      <Link
        to={`${basePath}/${battle.battleCode}`}
        className="rounded-lg bg-panel-2 py-2 text-center text-sm font-semibold text-white hover:brightness-125"
      >
        {t('battle.view')}
      </Link>
    </li>
  );
}
