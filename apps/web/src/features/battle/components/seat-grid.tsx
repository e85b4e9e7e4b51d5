import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { BattleDetail, BattleResults } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { Avatar } from '../../../shared/ui/avatar';
import { ItemImage } from '../../../shared/ui/item-image';
import { useMoney } from '../../../shared/ui/price';
import { seatColumns } from '../seat-columns';

type Roll = BattleResults['rolls'][number];

/**
 * Every seat 1..countCustomer: the player (avatar, bot badge, creator, you) or an empty place. With the
 * revealed rolls, each seat lists its items and their total; the winner's seat is marked once known.
 */
export function SeatGrid({
  battle,
  meId,
  rolls,
  winnerPos,
  verifyHref,
}: {
  battle: BattleDetail;
  meId: number | null;
  rolls: readonly Roll[] | null;
  winnerPos: number | null;
  /** Where each roll is checked in the browser; only once the seeds are revealed. */
  verifyHref?: ((round: number, pos: number) => string) | null;
}) {
  const t = useT();
  const money = useMoney();
  const positions = Array.from({ length: battle.countCustomer }, (_, i) => i + 1);
  return (
    <ul className={seatColumns} style={{ '--seats': battle.countCustomer } as CSSProperties} aria-label={t('battle.seatsTitle')}>
      {positions.map((pos) => {
        const seat = battle.customerList.find((s) => s.pos === pos);
        const seatRolls = rolls?.filter((r) => r.pos === pos).sort((a, b) => a.round - b.round) ?? [];
        const total = seatRolls.reduce((sum, r) => sum + r.giftPrice, 0);
        const won = winnerPos === pos;
        return (
          <li
            key={pos}
            data-testid="battle-seat"
            data-pos={pos}
            data-winner={won || undefined}
            className={`flex flex-col items-center gap-2 rounded-xl border bg-panel p-3 ${won ? 'border-accent-orange' : 'border-line'}`}
          >
            {seat ? (
              <>
                <Avatar src={seat.headPic} name={seat.nickname} className="size-14" />
                <span className="max-w-full truncate text-sm font-semibold text-white">{seat.nickname}</span>
                <span className="flex flex-wrap justify-center gap-1 text-xs">
                  {seat.isBot ? (
                    <span className="rounded bg-accent-purple/15 px-1.5 text-accent-purple" data-testid="bot-badge">
                      {t('battle.seat.bot')}
                    </span>
                  ) : null}
                  {seat.customerId !== null && seat.customerId === battle.customerId ? (
                    <span className="rounded bg-panel-2 px-1.5 text-slate-300">{t('battle.seat.creator')}</span>
                  ) : null}
                  {meId !== null && seat.customerId === meId ? (
                    <span className="rounded bg-emerald-500/20 px-1.5 text-emerald-300">{t('battle.seat.you')}</span>
                  ) : null}
                  {won ? (
                    <span className="rounded bg-accent-orange px-1.5 font-semibold text-black" data-testid="winner-badge">
                      {t('battle.winner')}
                    </span>
                  ) : null}
                </span>
              </>
            ) : (
              <>
                <span className="flex size-14 items-center justify-center rounded-full border border-dashed border-line text-slate-500">
                  ?
                </span>
                <span className="text-sm text-slate-500">{t('battle.seat.empty')}</span>
              </>
            )}
            {rolls ? (
              <>
                <span className="text-xs text-slate-400" data-testid="seat-total">
                  {t('battle.seatValue', { amount: money(total) })}
                </span>
                <ul className="flex flex-col gap-1" data-testid="seat-items">
                  {seatRolls.map((roll) => (
                    <li key={roll.round} className="flex items-center gap-2 text-xs text-slate-300">
                      <ItemImage src={roll.giftImage} name={roll.giftName} grade={roll.giftGrade} className="h-10 w-14" />
                      <span className="flex min-w-0 flex-col">
                        <span className="line-clamp-1">{roll.giftName}</span>
                        <span className="text-accent-orange">{money(roll.giftPrice)}</span>
                        {verifyHref ? (
                          <Link
                            to={verifyHref(roll.round, roll.pos)}
                            className="text-[11px] text-accent-cyan hover:underline"
                            data-testid="roll-verify"
                          >
                            {t('battle.rollVerify', { code: roll.rollCode })}
                          </Link>
                        ) : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
