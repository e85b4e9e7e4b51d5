import { useState } from 'react';
import type { DreamStakeItem } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { ListState, noRows } from '../../../shared/ui/list-state';
import { Pager } from '../../../shared/ui/pager';
import { useStakeItems } from '../api/get-stake-items';
import { OverlayButton } from '../../../shared/ui/overlay-button';
import { ItemFace, type ItemFaceLook } from '../../../shared/ui/item-face';

const stakeLook: ItemFaceLook = { image: 'h-10 w-14', name: 'line-clamp-1 text-slate-300', price: 'text-slate-200' };

/**
 * The player's backpack items that may be staked: their recovery value counts toward the dream fee. Up to
 * `max` may be picked; a guest is offered the login instead.
 */
export function StakeItems({
  selected,
  max,
  onToggle,
  disabled = false,
}: {
  selected: readonly DreamStakeItem[];
  max: number;
  onToggle: (item: DreamStakeItem) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const [page, setPage] = useState(1);
  const query = useStakeItems(page);
  const chosen = new Set(selected.map((item) => item.id));
  const full = selected.length >= max;

  let body;
  if (!loggedIn) {
    body = (
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-400" data-testid="dream-stake-guest">
        {t('dream.stake.guest')}
        <OverlayButton overlay="login" className="rounded-lg bg-accent-orange px-4 py-1.5 text-sm font-semibold text-black">
          {t('header.login')}
        </OverlayButton>
      </p>
    );
  } else {
    body = (
      <ListState
        query={query}
        isEmpty={noRows}
        empty={<p className="text-sm text-slate-500">{t('dream.stake.none')}</p>}
        loading={<p className="text-sm text-slate-500">{t('common.loading')}</p>}
        failed={{
          node: (
            <p className="flex items-center gap-3 text-sm text-slate-400">
              {t('dream.stake.failed')}
              <button type="button" onClick={() => void query.refetch()} className="underline">
                {t('dream.retry')}
              </button>
            </p>
          ),
        }}
      >
        {(data) => (
          <>
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={t('dream.stake.items')}>
              {data.pageData.map((item) => {
                const on = chosen.has(item.id);
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      aria-pressed={on}
                      disabled={disabled || (!on && full)}
                      onClick={() => onToggle(item)}
                      data-testid="dream-stake-item"
                      className={`flex w-full flex-col items-center gap-1 rounded-lg border p-1.5 text-[11px] disabled:opacity-40 ${on ? 'border-accent-cyan bg-accent-cyan/10' : 'border-line bg-panel-2 hover:border-slate-500'}`}
                    >
                      <ItemFace image={item.giftImage} name={item.giftName} grade={item.grade} fen={item.recoveryPrice} look={stakeLook} />
                    </button>
                  </li>
                );
              })}
            </ul>
            <Pager page={data.page} totalPages={data.totalPages} onPage={setPage} />
          </>
        )}
      </ListState>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2 text-sm text-slate-300">
        {t('dream.stake.items')}
        {loggedIn ? (
          <span className="text-xs text-slate-500" data-testid="dream-stake-count">
            {selected.length}/{max}
          </span>
        ) : null}
        {loggedIn && full ? (
          <span className="text-xs text-accent-orange" role="status">
            {t('dream.stake.full', { max })}
          </span>
        ) : null}
      </div>
      {body}
    </div>
  );
}
