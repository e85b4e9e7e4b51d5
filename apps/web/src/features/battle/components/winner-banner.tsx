import type { BattleResults } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { Avatar } from '../../../shared/ui/avatar';
import { useMoney } from '../../../shared/ui/price';

/** The winner screen: who took every item, and what the haul is worth at the battle's prices. */
export function WinnerBanner({ battle, winnerPos }: { battle: BattleResults; winnerPos: number }) {
  const t = useT();
  const money = useMoney();
  const seat = battle.customerList.find((s) => s.pos === winnerPos);
  const total = battle.rolls.reduce((sum, r) => sum + r.giftPrice, 0);
  if (!seat) return null;
  return (
    <div
      className="flex flex-wrap items-center justify-center gap-3 rounded-xl border border-accent-orange bg-gradient-to-r from-accent-orange/20 via-accent-orange/5 to-accent-orange/20 p-4"
      data-testid="battle-winner"
      data-pos={winnerPos}
      role="status"
    >
      <Avatar src={seat.headPic} name={seat.nickname} className="size-12" />
      <p className="text-center text-white">
        <span className="text-lg font-bold">{t('battle.winnerIs', { name: seat.nickname })}</span>
        <br />
        <span className="text-sm text-slate-300">
          {t('battle.winnerTakes', { count: battle.rolls.length, amount: money(total) })}
          {seat.isBot ? ` · ${t('battle.botWinHouse')}` : ''}
        </span>
      </p>
    </div>
  );
}
