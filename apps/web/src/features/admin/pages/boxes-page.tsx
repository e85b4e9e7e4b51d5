import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatFen, roleHasPermission, type AdminBox } from '@skinfair/contract';
import { useAdminMe } from '../api/session';
import { useBoxes, useBoxThemes, type BoxFilters } from '../api/boxes';
import type { AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { useListFilters } from '../components/use-list-filters';
import { FilterBar, SearchFilter, SelectFilter } from '../components/filter-bar';
import { useBoxesT } from '../i18n/boxes-messages';
import { formatRate } from '../components/drop-list-editor';
import { ThemesPanel } from '../components/themes-panel';
import { smallButtonClass } from '../components/styles';

/** Issue 16 screen 2: the boxes, searched, filtered and paged on the server; each opens in the editor. */
export default function BoxesPage() {
  const t = useBoxesT();
  const me = useAdminMe();
  const { filters, set, setPage } = useListFilters<BoxFilters>({ search: '', themeId: -1, enabled: -1, page: 1 });
  const list = useBoxes(filters);
  const themes = useBoxThemes();
  const canWrite = me.data ? roleHasPermission(me.data.role, 'boxes.write') : false;
  const [showThemes, setShowThemes] = useState(false);

  const columns = useMemo<Array<AdminColumn<AdminBox>>>(
    () => [
      { header: t('boxes.col.id'), accessorKey: 'id' },
      { header: t('boxes.col.name'), accessorKey: 'name' },
      { header: t('boxes.col.theme'), cell: ({ row }) => row.original.themeName ?? row.original.themeId },
      { header: t('boxes.col.price'), cell: ({ row }) => formatFen(row.original.priceFen) },
      { header: t('boxes.col.version'), cell: ({ row }) => `v${row.original.version}` },
      { header: t('boxes.col.return'), cell: ({ row }) => formatFen(row.original.expectedReturnFen) },
      { header: t('boxes.col.rate'), cell: ({ row }) => formatRate(row.original.returnRateBp) },
      {
        header: t('boxes.col.state'),
        cell: ({ row }) => t(row.original.enabled ? 'boxes.enabled' : 'boxes.disabled'),
      },
      {
        header: t('boxes.col.battle'),
        cell: ({ row }) => t(row.original.battleEligible ? 'boxes.battleYes' : 'boxes.battleNo'),
      },
      {
        header: t('boxes.col.actions'),
        cell: ({ row }) => (
          <Link className="text-accent-orange hover:underline" to={`${row.original.id}`}>
            {t('boxes.edit')}
          </Link>
        ),
      },
    ],
    [t],
  );

  return (
    <section className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('boxes.title')}</h1>
        {canWrite ? (
          <Link to="new" className="rounded bg-accent-orange px-4 py-1.5 text-sm font-medium text-black">
            {t('boxes.new')}
          </Link>
        ) : null}
      </div>
      <button type="button" className={`${smallButtonClass} w-fit`} aria-expanded={showThemes} onClick={() => setShowThemes(!showThemes)}>
        {t(showThemes ? 'boxes.themes.hide' : 'boxes.themes.show')}
      </button>
      {showThemes ? <ThemesPanel canWrite={canWrite} /> : null}
      <FilterBar>
        <SearchFilter label={t('boxes.search')} value={filters.search} onChange={(search) => set({ search })} />
        <SelectFilter
          label={t('boxes.col.theme')}
          value={filters.themeId}
          options={[
            { value: -1, label: t('boxes.allThemes') },
            ...(themes.data ?? []).map((theme) => ({ value: theme.id, label: theme.name })),
          ]}
          onChange={(themeId) => set({ themeId })}
        />
        <SelectFilter
          label={t('boxes.col.state')}
          value={filters.enabled}
          options={[
            { value: -1, label: t('boxes.allStates') },
            { value: 1, label: t('boxes.enabled') },
            { value: 0, label: t('boxes.disabled') },
          ]}
          onChange={(enabled) => set({ enabled })}
        />
      </FilterBar>
      <PagedTable query={list} caption={t('boxes.title')} columns={columns} empty={t('boxes.empty')} onPage={setPage} />
    </section>
  );
}
