import { Link } from 'react-router';
import type { PaymentState } from '@skinfair/contract';
import { formatFen } from '@skinfair/contract';
import { Spinner } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { useMoney } from '../../../shared/ui/price';
import { BonusLine } from './bonus-line';

export interface LevelUp {
  grade: number;
  name: string;
  levelReward: number;
  freeBoxes: number;
}

/** A settled or pending order: what was paid, credited and given as bonus (spec §4 payment state). */
export function PaymentOutcome({
  payment,
  vipBonus = 0,
  levelUps = [],
  vipPending = false,
}: {
  payment: PaymentState;
  /** The VIP recharge bonus, when the grade at payment time is known. */
  vipBonus?: number;
  levelUps?: readonly LevelUp[];
  /** The grade is being refetched: level-up rewards are not known yet. */
  vipPending?: boolean;
}) {
  const t = useT();
  const money = useMoney();
  const paid = `${payment.currency} ${formatFen(payment.amount)}`;
  if (payment.state === 0) {
    return (
      <div role="status" className="flex items-center gap-3 text-slate-200" data-testid="payment-pending">
        <Spinner className="size-5" />
        {t('recharge.processing', { amount: paid })}
      </div>
    );
  }
  if (payment.state === 2) {
    return (
      <div role="status" className="flex flex-col gap-1" data-testid="payment-cancelled">
        <p className="text-lg font-semibold text-slate-200">{t('recharge.cancelled')}</p>
        <p className="text-sm text-slate-400">{t('recharge.cancelledBody', { amount: paid })}</p>
      </div>
    );
  }
  const levelTotal = levelUps.reduce((sum, g) => sum + g.levelReward, 0);
  const total = payment.creditAmount + payment.bonusAmount + payment.couponBonusAmount + vipBonus + levelTotal;
  return (
    <div role="status" className="flex flex-col gap-3" data-testid="payment-result">
      <p className="flex items-center gap-2 text-lg font-bold text-emerald-400">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M5 12l5 5 9-11" />
        </svg>
        {t('recharge.success')}
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-y-1.5 [&_dt]:pe-4 rounded-xl bg-surface px-4 py-3 text-sm">
        <dt className="text-slate-400">{t('recharge.paid')}</dt>
        <dd className="text-end text-slate-200">{paid}</dd>
        <dt className="text-slate-400">{t('recharge.credited')}</dt>
        <dd className="text-end font-semibold text-white" data-testid="result-credit">
          {money(payment.creditAmount)}
        </dd>
        <BonusLine label={t('recharge.firstBonus')} fen={payment.bonusAmount} tone="purple" bold testId="result-bonus" />
        <BonusLine label={t('coupon.bonus')} fen={payment.couponBonusAmount} tone="cyan" bold testId="result-coupon-bonus" />
        <BonusLine label={t('recharge.vipBonus')} fen={vipBonus} tone="cyan" bold />
        {levelUps.map((g) => (
          <div key={g.grade} className="contents" data-testid="result-level-up">
            <dt className="text-slate-400">
              {t('recharge.levelUp', { grade: g.grade, name: g.name })}
              {g.freeBoxes > 0 ? ` · ${t('recharge.freeBoxes', { count: g.freeBoxes })}` : ''}
            </dt>
            <dd className="text-end font-semibold text-accent-cyan">+{money(g.levelReward)}</dd>
          </div>
        ))}
        {vipPending ? (
          <dd className="col-span-2 flex items-center gap-2 text-xs text-slate-500">
            <Spinner className="size-3" /> {t('recharge.vipChecking')}
          </dd>
        ) : null}
        <dt className="border-t border-line pt-1.5 text-slate-300">{t('recharge.totalCredited')}</dt>
        <dd className="border-t border-line pt-1.5 text-end text-base font-bold text-accent-orange" data-testid="result-total">
          {money(total)}
        </dd>
        {payment.pendingBonusAmount > 0 ? (
          // Issue 30 §1: the held first-deposit bonus, with its condition, so it is not taken for lost.
          <dd className="col-span-2 text-xs text-accent-purple" data-testid="result-held-bonus">
            {t('recharge.heldBonusResult', { amount: money(payment.pendingBonusAmount) })}
          </dd>
        ) : null}
      </dl>
      <p className="text-xs text-slate-500">{t('recharge.orderLine', { id: payment.orderId, channel: payment.channelName })}</p>
      <Link to="/personal/flow" className="self-start text-sm text-accent-cyan hover:underline">
        {t('recharge.viewFlow')}
      </Link>
    </div>
  );
}
