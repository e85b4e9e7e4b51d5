import type { BattleResults } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { Price } from '../../../shared/ui/price';
import type { BattleVerification } from '../battle-verify';
import { monoText, VerifyMark } from '../../../shared/ui/verify-mark';
import { VerifyField, VerifySection } from '../../../shared/ui/verify-section';

/** PF v1 §7.5: the seat totals of snapshot prices, the mode's rule, and the tie-break when seats tie. */
export function BattleVerifyWinner({ battle, check }: { battle: BattleResults; check: BattleVerification }) {
  const t = useT();
  const { winner } = check;
  const name = (pos: number | null) => battle.customerList.find((s) => s.pos === pos)?.nickname ?? '';
  return (
    <VerifySection title={t('battle.verify.winner.title')} testId="verify-winner">
      <p className="text-sm text-slate-300">
        {winner.wins === 'highest' ? t('battle.verify.winner.highest') : t('battle.verify.winner.lowest')}
      </p>
      {check.totals.map((s) => (
        <VerifyField key={s.pos} label={t('battle.verify.seeds.seat', { pos: s.pos, name: name(s.pos) })}>
          <Price fen={s.totalFen} className="font-mono" />
        </VerifyField>
      ))}
      {winner.tiebreak ? (
        <VerifyField label={t('battle.verify.winner.tiebreak')}>
          <p className={monoText}>{winner.tiebreak.prefix}</p>
          <p className="text-xs">
            {t('battle.verify.winner.tied', {
              seats: winner.tied.join(', '),
              count: winner.tied.length,
              index: winner.tiebreak.index,
            })}
          </p>
        </VerifyField>
      ) : null}
      <VerifyField label={t('battle.verify.winner.computed')}>
        <span data-testid="verify-winner-computed">
          {winner.computed === null ? '—' : t('battle.verify.winner.seat', { pos: winner.computed, name: name(winner.computed) })}
        </span>
        <span className="ms-2 text-xs text-slate-400">{t('battle.verify.winner.published', { pos: battle.winnerPos ?? '—' })}</span>
        <VerifyMark ok={winner.ok} testId="verify-winner-check" />
      </VerifyField>
    </VerifySection>
  );
}
