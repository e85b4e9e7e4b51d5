import { BATTLE_MAX_BOXES } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';

/** Issue 12 rules as the player needs them; the box limit is the contract's, so the two never differ. */
export function BattleRules() {
  const t = useT();
  return (
    <section className="rounded-xl border border-line bg-panel p-5 text-sm leading-relaxed text-slate-300" data-testid="battle-rules">
      <h2 className="mb-3 text-base font-semibold text-white">{t('battle.rules.title')}</h2>
      <ul className="list-disc space-y-2 pl-5">
        <li>{t('battle.rules.seats', { max: BATTLE_MAX_BOXES })}</li>
        <li>{t('battle.rules.oh')}</li>
        <li>{t('battle.rules.fq')}</li>
        <li>{t('battle.rules.cancel')}</li>
        <li>{t('battle.rules.bots')}</li>
      </ul>
    </section>
  );
}
