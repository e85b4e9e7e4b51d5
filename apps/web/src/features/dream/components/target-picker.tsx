import { useState } from 'react';
import type { DreamTarget } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { ListState, noRows } from '../../../shared/ui/list-state';
import { Pager } from '../../../shared/ui/pager';
import { noTargetFilters, useDreamTargets, type DreamTargetFilters } from '../api/get-dream-targets';
import { TargetFilters } from './target-filters';
import { ItemFace, type ItemFaceLook } from '../../../shared/ui/item-face';

const targetLook: ItemFaceLook = { image: 'h-14 w-20', name: 'line-clamp-1 text-slate-200', price: 'font-semibold text-accent-orange' };

/** The catalogue of possible targets: filter, page, pick one (an unavailable item cannot be picked). */
export function TargetPicker({ selectedId, onSelect }: { selectedId: number | null; onSelect: (target: DreamTarget) => void }) {
  const t = useT();
  const [filters, setFilters] = useState<DreamTargetFilters>(noTargetFilters);
  const query = useDreamTargets(filters);

  const body = (
    <ListState
      query={query}
      isEmpty={noRows}
      empty={t('dream.targets.empty')}
      failed={{ message: t('dream.targets.failed'), retryLabel: t('dream.retry') }}
    >
      {(data) => (
        <>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('dream.targets.title')}>
            {data.pageData.map((target) => {
              const selected = target.id === selectedId;
              return (
                <li key={target.id}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    disabled={!target.available}
                    onClick={() => onSelect(target)}
                    data-testid="dream-target"
                    className={`flex w-full flex-col items-center gap-1 rounded-lg border p-2 text-xs disabled:opacity-40 ${selected ? 'border-accent-orange bg-accent-orange/10' : 'border-line bg-panel-2 hover:border-slate-500'}`}
                  >
                    <ItemFace
                      image={target.giftImage}
                      name={target.giftName}
                      grade={target.grade}
                      fen={target.recoveryPrice}
                      look={targetLook}
                    />
                    {!target.available ? <span className="text-slate-500">{t('dream.targets.unavailable')}</span> : null}
                  </button>
                </li>
              );
            })}
          </ul>
          <Pager page={data.page} totalPages={data.totalPages} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
        </>
      )}
    </ListState>
  );

  return (
    <section className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4" aria-labelledby="dream-targets-title">
      <h2 id="dream-targets-title" className="font-semibold text-white">
        {t('dream.targets.title')}
      </h2>
      <TargetFilters filters={filters} onChange={setFilters} />
      {body}
    </section>
  );
}
