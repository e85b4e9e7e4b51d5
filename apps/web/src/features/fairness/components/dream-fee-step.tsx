import { useT } from '../../../shared/i18n/use-t';
import { useMoney } from '../../../shared/ui/price';
import type { DreamFeeCheck } from '../verify-roll';
import { Check } from './verify-steps';

/** The dream fee recomputed from the recorded target price, P and return rate (PF v1 §6), step by step. */
export function DreamFeeStep({ fee }: { fee: DreamFeeCheck }) {
  const t = useT();
  const money = useMoney();
  return (
    <section
      className="flex flex-col gap-1.5 rounded-xl border border-line bg-panel p-4 text-sm text-slate-300"
      data-testid="dream-fee-step"
    >
      <h3 className="font-semibold text-white">{t('dream.verify.feeTitle')}</h3>
      <p>
        {t('dream.verify.feeInputs', {
          price: money(fee.targetPrice),
          fen: fee.targetPrice,
          p: fee.probability,
          rtp: fee.returnRateBp,
        })}
      </p>
      <p className="break-all font-mono text-xs text-slate-200" data-testid="dream-fee-formula">
        ceil({fee.targetPrice} × {fee.probability} × 10000 / (100000 × {fee.returnRateBp})) ={' '}
        <span className="text-base font-bold text-accent-orange" data-testid="dream-fee-computed">
          {fee.computed}
        </span>
        <Check ok={fee.ok} testId="fee-check" />
      </p>
      <p className="text-xs text-slate-500">{t('dream.verify.feeRecorded', { fee: money(fee.recorded) })}</p>
    </section>
  );
}
