import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import type { OpenResult } from '@skinfair/contract';
import { useExchangeItems } from '../../../shared/api/exchange-items';
import { useT } from '../../../shared/i18n/use-t';
import { Dialog } from '../../../shared/ui/dialog';
import { gradeColour, ItemImage } from '../../../shared/ui/item-image';
import { Price, useMoney } from '../../../shared/ui/price';
import { VerifyLink } from '../../../shared/ui/verify-link';

type Fate = 'pending' | 'kept' | 'swapped';

const gradeLabel = ['box.grade0', 'box.grade1', 'box.grade2', 'box.grade3'] as const;

/**
 * The items just won: each can be kept (it is already in the backpack) or swapped for credit at its
 * recovery price (exchangeQuantity with its voucherId); 全部兑换 swaps every item still undecided.
 * Closing the dialog keeps whatever is undecided.
 */
export function ResultDialog({ results, onClose }: { results: OpenResult[]; onClose: () => void }) {
  const t = useT();
  const formatMoney = useMoney();
  const exchange = useExchangeItems();
  const [fates, setFates] = useState<Record<number, Fate>>({});
  const fate = (r: OpenResult): Fate => fates[r.voucherId] ?? 'pending';
  const pending = results.filter((r) => fate(r) === 'pending');
  const pendingTotal = pending.reduce((sum, r) => sum + r.recoveryPrice, 0);

  const swap = (items: OpenResult[]) => {
    if (items.length === 0) return;
    exchange.mutate(
      items.map((r) => r.voucherId),
      {
        onSuccess: (answer) => {
          setFates((old) => ({
            ...old,
            ...Object.fromEntries(items.map((r) => [r.voucherId, 'swapped' as const])),
          }));
          toast.success(t('box.swapped', { amount: formatMoney(answer.amount) }));
        },
      },
    );
  };
  const keep = (r: OpenResult) => setFates((old) => ({ ...old, [r.voucherId]: 'kept' }));

  return (
    <Dialog title={t('box.resultTitle')} onClose={onClose} wide testId="open-result">
      <div className="flex flex-col gap-5">
        <ul className={`grid gap-3 ${results.length > 1 ? 'sm:grid-cols-2' : ''}`}>
          {results.map((r) => {
            const colour = gradeColour(r.grade);
            const state = fate(r);
            return (
              <li
                key={r.voucherId}
                data-testid="result-item"
                data-voucher-id={r.voucherId}
                data-state={state}
                className="flex flex-col gap-3 rounded-xl border border-line bg-panel-2 p-3"
                style={{ borderTopColor: colour, borderTopWidth: 3 }}
              >
                <div className="flex items-center gap-3">
                  <ItemImage src={r.giftImage} name={r.giftName} grade={r.grade} className="h-20 w-28 shrink-0" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold" style={{ color: colour }} title={r.giftName} data-testid="result-name">
                      {r.giftName}
                    </p>
                    <p className="text-xs text-slate-400">{t(gradeLabel[r.grade] ?? 'box.grade3')}</p>
                    <Price fen={r.recoveryPrice} className="text-lg font-bold text-accent-orange" />
                    <p className="text-xs text-slate-500">
                      {t('box.rollCode', { code: r.rollCode })} ·{' '}
                      <VerifyLink id={r.verifyId} label={t('box.verify')} testId="result-verify" />
                    </p>
                  </div>
                </div>
                {state === 'pending' ? (
                  <div className="flex gap-2">
                    <button
                      type="button"
                      onClick={() => keep(r)}
                      className="flex-1 rounded-lg border border-line bg-panel px-3 py-2 text-sm text-slate-200 hover:brightness-125"
                      data-testid="result-keep"
                    >
                      {t('box.keep')}
                    </button>
                    <button
                      type="button"
                      onClick={() => swap([r])}
                      disabled={exchange.isPending}
                      className="flex-1 rounded-lg bg-accent-orange px-3 py-2 text-sm font-semibold text-black hover:brightness-110 disabled:opacity-50"
                      data-testid="result-swap"
                    >
                      {t('box.swapFor', { amount: formatMoney(r.recoveryPrice) })}
                    </button>
                  </div>
                ) : (
                  <p
                    className={`rounded-lg px-3 py-2 text-center text-sm ${state === 'swapped' ? 'bg-accent-orange/10 text-accent-orange' : 'bg-accent-cyan/10 text-accent-cyan'}`}
                  >
                    {state === 'swapped' ? t('box.swappedState', { amount: formatMoney(r.recoveryPrice) }) : t('box.keptState')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {pending.length > 1 ? (
            <button
              type="button"
              onClick={() => swap(pending)}
              disabled={exchange.isPending}
              className="rounded-lg bg-accent-orange px-4 py-2 text-sm font-semibold text-black hover:brightness-110 disabled:opacity-50"
              data-testid="result-swap-all"
            >
              {t('box.swapAll', { amount: formatMoney(pendingTotal) })}
            </button>
          ) : null}
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-line bg-panel-2 px-4 py-2 text-sm text-slate-200 hover:brightness-125"
            data-testid="result-close"
          >
            {pending.length > 0 ? t('box.keepAll') : t('box.done')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
