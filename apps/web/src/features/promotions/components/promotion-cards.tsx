import type { ReactNode } from 'react';
import type { PromotionList } from '@skinfair/contract';
import { requireLogin } from '../../../shared/api/require-login';
import { useT } from '../../../shared/i18n/use-t';
import { openOverlay } from '../../../shared/stores/overlay-store';
import { useMoney } from '../../../shared/ui/price';

/** Basis points as a percentage: 150 → "1.5%". */
export const bpToPercent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;

function RechargeButton() {
  const t = useT();
  return (
    <button
      type="button"
      data-testid="promotion-recharge"
      onClick={() => {
        if (requireLogin()) openOverlay('recharge');
      }}
      className="self-start rounded-lg bg-accent-orange px-4 py-1.5 text-sm font-semibold text-slate-950 hover:brightness-110"
    >
      {t('promotions.recharge')}
    </button>
  );
}

function Card({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-5" data-testid={testId}>
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      {children}
    </section>
  );
}

export function FirstDepositCard({ promo }: { promo: PromotionList['firstDeposit'] }) {
  const t = useT();
  return (
    <Card title={t('promotions.firstDeposit.title')} testId="promotion-first-deposit">
      <p className="text-3xl font-bold text-accent-orange">+{promo.bonusPercent}%</p>
      <ul className="list-disc ps-5 text-sm text-slate-300">
        <li>{t('promotions.firstDeposit.term1', { percent: promo.bonusPercent })}</li>
        <li>{t('promotions.firstDeposit.term2')}</li>
        {promo.needsRealName ? <li>{t('promotions.firstDeposit.realName')}</li> : null}
      </ul>
      <RechargeButton />
    </Card>
  );
}

export function VipCard({ grades }: { grades: PromotionList['vipGrades'] }) {
  const t = useT();
  const money = useMoney();
  return (
    <Card title={t('promotions.vip.title')} testId="promotion-vip">
      <p className="text-sm text-slate-300">{t('promotions.vip.explain')}</p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('promotions.vip.title')}>
        <table className="w-full text-sm">
          <thead className="text-start text-slate-400">
            <tr>
              <th className="py-1 text-start font-normal">{t('promotions.vip.grade')}</th>
              <th className="py-1 text-start font-normal">{t('promotions.vip.deposits')}</th>
              <th className="py-1 text-start font-normal">{t('promotions.vip.bonus')}</th>
              <th className="py-1 text-start font-normal">{t('promotions.vip.reward')}</th>
            </tr>
          </thead>
          <tbody className="text-slate-200">
            {grades.map((g) => (
              <tr key={g.grade} className="border-t border-line" data-testid="promotion-vip-row">
                <td className="py-1.5">
                  VIP {g.grade} · {g.name}
                </td>
                <td className="py-1.5">{money(g.expMin)}</td>
                <td className="py-1.5">{g.rechargeBonusBp > 0 ? `+${bpToPercent(g.rechargeBonusBp)}` : '—'}</td>
                <td className="py-1.5">
                  {g.levelReward > 0 ? money(g.levelReward) : '—'}
                  {g.freeBoxes > 0 ? ` · ${t('promotions.vip.freeBoxes', { count: g.freeBoxes })}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <RechargeButton />
    </Card>
  );
}

export function DailyTopUpCard({ tiers }: { tiers: PromotionList['dailyTopUp'] }) {
  const t = useT();
  const money = useMoney();
  return (
    <Card title={t('promotions.daily.title')} testId="promotion-daily">
      <p className="text-sm text-slate-300">{t('promotions.daily.explain')}</p>
      <ul className="flex flex-col gap-1 text-sm text-slate-200">
        {tiers.map((tier) => (
          <li key={tier.minDeposit} data-testid="promotion-daily-tier">
            {t('promotions.daily.tier', { deposit: money(tier.minDeposit), reward: money(tier.reward) })}
          </li>
        ))}
      </ul>
      <RechargeButton />
    </Card>
  );
}

export function CouponsCard() {
  const t = useT();
  return (
    <Card title={t('promotions.coupons.title')} testId="promotion-coupons">
      <ul className="list-disc ps-5 text-sm text-slate-300">
        <li>{t('promotions.coupons.term1')}</li>
        <li>{t('promotions.coupons.term2')}</li>
      </ul>
      <RechargeButton />
    </Card>
  );
}
