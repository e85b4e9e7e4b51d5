import { useState } from 'react';
import { formatFen, type AdminItem } from '@skinfair/contract';
import { Pager } from '../../../shared/ui/pager';
import { useItemSearch } from '../api/boxes';
import { useBoxesT } from '../i18n/boxes-messages';

/** Searches the catalogue (by name or id) for items to add to a drop list. */
export function ItemPicker({ chosen, onAdd }: { chosen: Set<number>; onAdd: (item: AdminItem) => void }) {
  const t = useBoxesT();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const found = useItemSearch(search.trim(), page);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">{t('boxes.picker')}</h3>
      <input
        type="search"
        aria-label={t('boxes.pickerSearch')}
        placeholder={t('boxes.pickerSearch')}
        className="rounded border border-line bg-panel-2 px-2 py-1.5 text-sm text-white"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
      />
      {found.isError ? (
        <p role="alert" className="text-red-400">
          {found.error.message}
        </p>
      ) : found.data ? (
        <>
          {found.data.pageData.length === 0 ? (
            <p className="text-slate-400">{t('boxes.pickerEmpty')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line rounded-lg border border-line text-sm">
              {found.data.pageData.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-2 px-3 py-1.5">
                  <span>
                    {item.name} <span className="text-slate-400">#{item.id}</span> · {formatFen(item.recoveryPriceFen)}
                  </span>
                  <button
                    type="button"
                    aria-label={t('boxes.pickerAdd', { name: item.name })}
                    disabled={chosen.has(item.id)}
                    className="rounded border border-line px-2 py-1 text-xs hover:bg-panel-2 disabled:opacity-40"
                    onClick={() => onAdd(item)}
                  >
                    {chosen.has(item.id) ? t('boxes.pickerAdded') : '+'}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Pager page={found.data.page} totalPages={found.data.totalPages} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}
