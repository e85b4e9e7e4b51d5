import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { Price } from '../../../shared/ui/price';
import { OverlayButton } from '../../../shared/ui/overlay-button';

export interface StakeFigures {
  feeFen: number;
  itemsValueFen: number;
  coinsFen: number;
  multiplier: string;
  /** Coins plus points (spent in that order); null while unknown (a guest, or still loading). */
  fundsFen: number | null;
}

function SummaryRow({ label, testId, className, children }: { label: string; testId: string; className?: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 text-sm text-slate-400">
      <dt>{label}</dt>
      <dd data-testid={testId} className={className}>
        {children}
      </dd>
    </div>
  );
}

/** The dream's money: fee, the items' share, the coins left to pay against the balance, and the recharge way out. */
export function StakeSummary({ figures }: { figures: StakeFigures }) {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const short = figures.fundsFen !== null && figures.coinsFen > figures.fundsFen;
  return (
    <dl className="flex flex-col gap-1.5 rounded-lg bg-panel-2 p-3" data-testid="dream-summary">
      <SummaryRow label={t('dream.fee')} testId="dream-fee">
        <Price fen={figures.feeFen} className="font-semibold text-white" />
      </SummaryRow>
      <SummaryRow label={t('dream.multiplier')} testId="dream-multiplier" className="font-semibold text-accent-cyan">
        ×{figures.multiplier}
      </SummaryRow>
      <SummaryRow label={t('dream.itemsValue')} testId="dream-items-value">
        <Price fen={figures.itemsValueFen} className="text-slate-200" />
      </SummaryRow>
      <SummaryRow label={t('dream.coinsToPay')} testId="dream-coins">
        <Price fen={figures.coinsFen} className="text-lg font-bold text-accent-orange" />
      </SummaryRow>
      {loggedIn && figures.fundsFen !== null ? (
        <SummaryRow label={t('dream.balance')} testId="dream-balance">
          <Price fen={figures.fundsFen} className="text-slate-200" />
        </SummaryRow>
      ) : null}
      {short ? (
        <div className="flex items-center justify-between gap-3 text-sm text-accent-red" role="alert" data-testid="dream-short">
          {t('dream.notEnough')}
          <OverlayButton
            overlay="recharge"
            className="rounded-lg bg-accent-orange px-3 py-1 text-xs font-semibold text-black"
            testId="dream-recharge"
          >
            {t('dream.recharge')}
          </OverlayButton>
        </div>
      ) : null}
    </dl>
  );
}
