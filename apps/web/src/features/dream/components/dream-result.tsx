import type { DreamResult as Result } from '@skinfair/contract';
import { useExchangeItems } from '../../../shared/api/exchange-items';
import { useT } from '../../../shared/i18n/use-t';
import { ItemImage } from '../../../shared/ui/item-image';
import { Price, useMoney } from '../../../shared/ui/price';
import { toast } from '../../../shared/ui/toast';
import { formatPercent } from '../dream-math';
import { VerifyLink } from '../../../shared/ui/verify-link';

/**
 * What the dream decided, once the ring has stopped: on a win the target is already in the backpack and may
 * be swapped for credit here or kept; either way the roll, its winning range and the verify link.
 */
export function DreamResultPanel({ result, onClose }: { result: Result; onClose: () => void }) {
  const t = useT();
  const money = useMoney();
  const exchange = useExchangeItems((answer) => toast.success(t('dream.result.sold', { amount: money(answer.amount) })));
  // Read from the mutation, not set in a per-call callback (see useExchangeItems).
  const sold = exchange.isSuccess;
  const sell = () => {
    if (result.voucherId !== null) exchange.mutate([result.voucherId]);
  };
  return (
    <section
      className={`flex flex-col gap-3 rounded-xl border p-4 ${result.won ? 'border-accent-cyan/60 bg-accent-cyan/5' : 'border-line bg-panel'}`}
      data-testid="dream-result"
      data-won={result.won ? 'true' : 'false'}
      aria-live="polite"
    >
      <h2 className="text-lg font-semibold text-white">{t(result.won ? 'dream.result.won' : 'dream.result.lost')}</h2>
      {result.won ? (
        <div className="flex items-center gap-3">
          <ItemImage src={result.giftImage} name={result.giftName} grade={result.grade} className="h-16 w-24" />
          <div className="flex flex-col gap-1">
            <span className="text-slate-200">{result.giftName}</span>
            <Price fen={result.recoveryPrice} className="font-bold text-accent-orange" />
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-400">{t('dream.result.lostBody', { name: result.giftName })}</p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-slate-400 sm:grid-cols-4">
        <div>
          <dt>{t('dream.col.roll')}</dt>
          <dd className="font-semibold text-white" data-testid="dream-result-roll">
            {result.rollCode}
          </dd>
        </div>
        <div>
          <dt>{t('dream.col.range')}</dt>
          <dd className="text-slate-200" data-testid="dream-result-range">
            {result.rollCodeLow}–{result.rollCodeHigh}
          </dd>
        </div>
        <div>
          <dt>{t('dream.probability')}</dt>
          <dd className="text-slate-200">{formatPercent(result.probability)}%</dd>
        </div>
        <div>
          <dt>{t('dream.col.fee')}</dt>
          <dd>
            <Price fen={result.dreamFee} className="text-slate-200" />
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        {result.won && result.voucherId !== null ? (
          sold ? (
            <span className="text-sm text-slate-400" data-testid="dream-result-sold">
              {t('dream.result.soldState')}
            </span>
          ) : (
            <button
              type="button"
              onClick={sell}
              disabled={exchange.isPending}
              className="rounded-lg bg-accent-orange px-4 py-1.5 text-sm font-semibold text-black disabled:opacity-50"
              data-testid="dream-result-sell"
            >
              {t('dream.result.sell', { amount: money(result.recoveryPrice) })}
            </button>
          )
        ) : null}
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg border border-line px-4 py-1.5 text-sm text-slate-200 hover:text-white"
          data-testid="dream-result-close"
        >
          {t(result.won && !sold ? 'dream.result.keep' : 'dream.result.again')}
        </button>
        <VerifyLink id={result.verifyId} label={t('dream.verify')} className="ml-auto text-sm" testId="dream-result-verify" />
      </div>
    </section>
  );
}
