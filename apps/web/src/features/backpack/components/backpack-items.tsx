import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../shared/ui/toast';
import type { Ornament } from '@skinfair/contract';
import { isApiError } from '../../../shared/api/api-error';
import { useExchangeItems } from '../../../shared/api/exchange-items';
import { useUserInfo } from '../../../shared/api/user-queries';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { gradeColour } from '../../../shared/ui/item-image';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { useMoney } from '../../../shared/ui/price';
import { Segmented } from '../../../shared/ui/segmented';
import { WithdrawalHoldNotice } from '../../../shared/ui/withdrawal-hold-notice';
import { TRADE_URL_SETTING_PATH } from '../../../shared/routing/account-links';
import { useBackpackItems, type BackpackSort, type BackpackState } from '../api/get-backpack-items';
import { useRetrieveItems } from '../api/retrieve-items';
import { allSelected, keepListed, selectionTotals, toggleAll, toggleId } from '../selection';
import { ItemFace, type ItemFaceLook } from '../../../shared/ui/item-face';

const face: ItemFaceLook = {
  image: 'h-20 w-full',
  name: 'line-clamp-2 text-xs',
  price: 'mt-auto text-sm font-semibold text-accent-orange',
};

const stateLabels: Record<Ornament['state'], MessageId> = {
  in_backpack: 'bag.state.in_backpack',
  exchanged: 'bag.state.exchanged',
  retrieving: 'bag.state.retrieving',
  retrieved: 'bag.state.retrieved',
  used: 'bag.state.used',
  escrowed: 'bag.state.escrowed',
};

/** The backpack grid: state tabs, sort, load-more, multi-select with a bottom bar to swap or retrieve. */
export function BackpackItems() {
  const t = useT();
  const money = useMoney();
  const [state, setState] = useState<BackpackState>(0);
  const [sort, setSort] = useState<BackpackSort>(0);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [action, setAction] = useState<'swap' | 'retrieve' | null>(null);
  const [needTradeUrl, setNeedTradeUrl] = useState(false);
  const query = useBackpackItems(state, sort);
  const exchange = useExchangeItems();
  const retrieve = useRetrieveItems();
  const user = useUserInfo().data;
  const tradeUrl = user?.tradeUrl ?? null;
  // Issue 24 §2: after a security change withdrawals wait; the notice says until when.
  const holdUntil = user?.withdrawalHoldUntil ?? null;
  const held = holdUntil !== null && Date.parse(holdUntil) > Date.now();

  const items = useMemo(() => query.data?.pages.flatMap((p) => p.pageData) ?? [], [query.data]);
  const selectable = state === 0 ? items.filter((item) => item.state === 'in_backpack') : [];
  const selected = keepListed(selectable, picked);
  const totals = selectionTotals(selectable, selected);
  const everything = allSelected(selectable, selected);

  const done = () => {
    setPicked(new Set());
    setAction(null);
  };
  const onSwap = () =>
    exchange.mutate(totals.ids, {
      onSuccess: (answer) => {
        toast.success(t('bag.swapped', { count: answer.quantity, amount: money(answer.amount) }));
        done();
      },
      onError: () => setAction(null),
    });
  const onRetrieve = () =>
    retrieve.mutate(totals.ids, {
      onSuccess: (rows) => {
        toast.success(t('bag.retrieveStarted', { count: rows.length }));
        done();
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 4004) setNeedTradeUrl(true);
        setAction(null);
      },
    });

  const tradeUrlNotice = (
    <p
      className="rounded-lg border border-accent-red/40 bg-accent-red/10 px-4 py-3 text-sm text-slate-200"
      role="alert"
      data-testid="need-trade-url"
    >
      {t('bag.needTradeUrl')}{' '}
      <Link to={TRADE_URL_SETTING_PATH} className="font-semibold text-accent-cyan hover:underline" data-testid="set-trade-url">
        {t('bag.setTradeUrl')}
      </Link>
    </p>
  );

  return (
    <div className="flex flex-col gap-4 pb-24">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented<BackpackState>
          label={t('bag.stateTabs')}
          options={[
            { value: 0, label: t('bag.inBackpack') },
            { value: 1, label: t('bag.used') },
          ]}
          value={state}
          onChange={(value) => {
            setState(value);
            setPicked(new Set());
          }}
          testId="bag-state"
        />
        <label className="flex items-center gap-2 text-sm text-slate-300">
          {t('bag.sort')}
          <select
            value={sort}
            onChange={(e) => setSort(Number(e.target.value) as BackpackSort)}
            className="rounded-lg border border-line bg-panel-2 px-3 py-1.5 text-sm text-white"
            data-testid="bag-sort"
          >
            <option value={0}>{t('bag.sort.newest')}</option>
            <option value={1}>{t('bag.sort.priceDesc')}</option>
            <option value={2}>{t('bag.sort.priceAsc')}</option>
          </select>
        </label>
      </div>
      {needTradeUrl ? tradeUrlNotice : null}
      <WithdrawalHoldNotice until={holdUntil} />

      {query.isPending ? (
        <PageFallback />
      ) : items.length === 0 ? (
        <EmptyState message={t(state === 0 ? 'empty.bag' : 'empty.records')}>
          {state === 0 ? (
            <Link to="/box" className="rounded-lg bg-accent-orange px-5 py-2 font-semibold text-black">
              {t('bag.goOpen')}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <>
          {state === 0 ? (
            <label className="flex w-fit items-center gap-2 text-sm text-slate-300">
              <input
                type="checkbox"
                checked={everything}
                onChange={() => setPicked(toggleAll(selectable, selected))}
                className="size-4 accent-accent-orange"
                data-testid="bag-select-all"
              />
              {t('bag.selectAll')}
            </label>
          ) : null}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" data-testid="bag-grid">
            {items.map((item) => {
              const colour = gradeColour(item.grade);
              const canPick = item.state === 'in_backpack' && state === 0;
              const isPicked = selected.has(item.id);
              return (
                <li key={item.id}>
                  <label
                    data-testid="bag-item"
                    data-item-id={item.id}
                    className={`relative flex h-full flex-col gap-1.5 rounded-xl border bg-panel p-3 ${canPick ? 'cursor-pointer' : ''} ${isPicked ? 'border-accent-orange ring-1 ring-accent-orange' : 'border-line'}`}
                    style={{ borderBottomColor: colour, borderBottomWidth: 3 }}
                  >
                    {canPick ? (
                      <input
                        type="checkbox"
                        checked={isPicked}
                        onChange={() => setPicked(toggleId(selected, item.id))}
                        aria-label={item.giftName}
                        className="absolute end-2 top-2 size-4 accent-accent-orange"
                      />
                    ) : (
                      <span className="absolute end-2 top-2 rounded bg-panel-2 px-1.5 py-0.5 text-[10px] text-slate-400">
                        {t(stateLabels[item.state])}
                      </span>
                    )}
                    <ItemFace image={item.giftImage} name={item.giftName} grade={item.grade} fen={item.recoveryPrice} look={face} graded />
                  </label>
                </li>
              );
            })}
          </ul>
          {query.hasNextPage ? (
            <button
              type="button"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              className="self-center rounded-lg border border-line px-5 py-2 text-sm text-slate-300 hover:bg-panel-2"
            >
              {t('messages.loadMore')}
            </button>
          ) : null}
        </>
      )}

      {state === 0 && selectable.length > 0 ? (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 backdrop-blur" data-testid="bag-bar">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 md:px-6">
            <p className="text-sm text-slate-300" data-testid="bag-selected">
              {t('bag.selected', { count: totals.count })} · {t('bag.totalValue')}{' '}
              <span className="font-bold text-accent-orange">{money(totals.totalFen)}</span>
            </p>
            <div className="ms-auto flex gap-2">
              <button
                type="button"
                disabled={totals.count === 0}
                onClick={() => setAction('retrieve')}
                className="rounded-lg border border-accent-cyan px-5 py-2 text-sm font-semibold text-accent-cyan hover:bg-accent-cyan/10 disabled:opacity-40"
                data-testid="bag-retrieve"
              >
                {t('bag.retrieve')}
              </button>
              <button
                type="button"
                disabled={totals.count === 0}
                onClick={() => setAction('swap')}
                className="rounded-lg bg-accent-orange px-5 py-2 text-sm font-semibold text-black hover:brightness-110 disabled:opacity-40"
                data-testid="bag-swap"
              >
                {t('bag.swap')}
              </button>
            </div>
          </div>
        </div>
      ) : null}

      {action === 'swap' ? (
        <ConfirmDialog
          title={t('bag.swapTitle')}
          onConfirm={onSwap}
          onCancel={() => setAction(null)}
          busy={exchange.isPending}
          testId="bag-swap-confirm"
        >
          {t('bag.swapConfirm', { count: totals.count, amount: money(totals.totalFen) })}
        </ConfirmDialog>
      ) : null}
      {action === 'retrieve' ? (
        <ConfirmDialog
          title={t('bag.retrieveTitle')}
          onConfirm={onRetrieve}
          onCancel={() => setAction(null)}
          busy={retrieve.isPending}
          disabled={!tradeUrl || held}
          testId="bag-retrieve-confirm"
        >
          <div className="flex flex-col gap-3">
            <p>{t('bag.retrieveConfirm', { count: totals.count })}</p>
            <p className="text-sm text-slate-400">{t('bag.retrieveHint')}</p>
            {tradeUrl ? null : tradeUrlNotice}
            <WithdrawalHoldNotice until={holdUntil} />
          </div>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
