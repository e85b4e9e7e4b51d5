import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { Price } from '../../../shared/ui/price';

export interface StakeFigures {
  feeFen: number;
  itemsValueFen: number;
  coinsFen: number;
  multiplier: string;
  /** Coins plus points (spent in that order); null while unknown (a guest, or still loading). */
  fundsFen: number | null;
}

/** The dream's money: fee, the items' share, the coins left to pay against the balance, and the recharge way out. */
export function StakeSummary({ figures }: { figures: StakeFigures }) {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  const short = figures.fundsFen !== null && figures.coinsFen > figures.fundsFen;
  const row = 'flex items-baseline justify-between gap-3 text-sm text-slate-400';
  return (
    <dl className="flex flex-col gap-1.5 rounded-lg bg-panel-2 p-3" data-testid="dream-summary">
      <div className={row}>
        <dt>{t('dream.fee')}</dt>
        <dd data-testid="dream-fee">
          <Price fen={figures.feeFen} className="font-semibold text-white" />
        </dd>
      </div>
      <div className={row}>
        <dt>{t('dream.multiplier')}</dt>
        <dd data-testid="dream-multiplier" className="font-semibold text-accent-cyan">
          ×{figures.multiplier}
        </dd>
      </div>
      <div className={row}>
        <dt>{t('dream.itemsValue')}</dt>
        <dd data-testid="dream-items-value">
          <Price fen={figures.itemsValueFen} className="text-slate-200" />
        </dd>
      </div>
      <div className={row}>
        <dt>{t('dream.coinsToPay')}</dt>
        <dd data-testid="dream-coins">
          <Price fen={figures.coinsFen} className="text-lg font-bold text-accent-orange" />
        </dd>
      </div>
      {loggedIn && figures.fundsFen !== null ? (
        <div className={row}>
          <dt>{t('dream.balance')}</dt>
          <dd data-testid="dream-balance">
            <Price fen={figures.fundsFen} className="text-slate-200" />
          </dd>
        </div>
      ) : null}
      {short ? (
        <div className="flex items-center justify-between gap-3 text-sm text-accent-red" role="alert" data-testid="dream-short">
          {t('dream.notEnough')}
          <button
            type="button"
            onClick={() => openOverlay('recharge')}
            className="rounded-lg bg-accent-orange px-3 py-1 text-xs font-semibold text-black"
            data-testid="dream-recharge"
          >
            {t('dream.recharge')}
          </button>
        </div>
      ) : null}
    </dl>
  );
}
