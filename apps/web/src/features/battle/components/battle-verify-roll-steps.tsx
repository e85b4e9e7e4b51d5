import { useT } from '../../../shared/i18n/use-t';
import type { RollCheck } from '../battle-verify';
import { monoText, VerifyMark } from '../../../shared/ui/verify-mark';
import { U32StepTable } from '../../../shared/ui/verify-mark';

/** Every step of one battle roll (PF v1 §3), as this browser recomputed it. */
export function BattleVerifyRollSteps({ roll, itemName }: { roll: RollCheck; itemName: string | null }) {
  const t = useT();
  const { trace, recorded } = roll;
  if (!trace) return <p className="text-sm text-accent-red">{t('battle.verify.seeds.badFormat')}</p>;
  const accepted = trace.steps.find((s) => s.accepted);
  return (
    <ol className="flex list-decimal flex-col gap-3 ps-5 text-sm text-slate-300" data-testid="verify-roll-steps">
      <li>
        <p className="font-semibold text-white">{t('fair.step.hmac')}</p>
        <p>{t('battle.verify.step.prefix')}</p>
        <p className={monoText}>{trace.prefix}</p>
        {roll.messages.map((message, i) => (
          <div key={message} className="mt-1">
            <p>
              {t('fair.step.message')}{' '}
              <code className="break-all rounded bg-panel-2 px-1.5 py-0.5 font-mono text-xs text-accent-cyan">{message}</code>
            </p>
            <p className={monoText} data-testid="verify-hmac-block">
              block({i}) = {trace.blocks[i]}
            </p>
          </div>
        ))}
      </li>
      <li>
        <p className="font-semibold text-white">{t('fair.step.u32')}</p>
        <p>{t('fair.step.u32Body')}</p>
        <U32StepTable steps={trace.steps} testId="verify-u32-step" />
      </li>
      <li>
        <p className="font-semibold text-white">{t('fair.step.roll')}</p>
        {accepted ? (
          <p className="font-mono text-xs">
            {accepted.value} mod 100000 + 1 = <span className="text-base font-bold text-accent-orange">{trace.rollCode}</span>
            <span className="ms-2 text-slate-400">
              {recorded ? t('battle.verify.step.recorded', { code: recorded.rollCode }) : t('battle.verify.rolls.missing')}
            </span>
            <VerifyMark ok={roll.rollOk} />
          </p>
        ) : null}
      </li>
      <li>
        <p className="font-semibold text-white">{t('fair.step.range')}</p>
        {recorded ? (
          <p>
            {t('battle.verify.step.inRange', {
              code: trace.rollCode,
              low: recorded.rangeLow,
              high: recorded.rangeHigh,
            })}
            <VerifyMark ok={roll.inRangeOk} />
          </p>
        ) : null}
        {roll.itemOk === null ? (
          <p className="text-xs text-slate-500">{t('battle.verify.step.noTable')}</p>
        ) : (
          <p>
            {roll.hit
              ? t('battle.verify.step.item', {
                  code: trace.rollCode,
                  low: roll.hit.low,
                  high: roll.hit.high,
                  item: itemName ?? `#${roll.hit.itemId}`,
                })
              : t('battle.verify.step.noHit')}
            <VerifyMark ok={roll.itemOk} />
          </p>
        )}
      </li>
    </ol>
  );
}
