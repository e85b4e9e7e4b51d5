import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatFen, roleHasPermission, type AdminBox } from '@skinfair/contract';
import { useAdminMe } from '../api/session';
import { useBoxes, useBoxThemes, type BoxFilters } from '../api/boxes';
import type { AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { useBoxesT } from '../i18n/boxes-messages';
import { formatRate } from '../components/drop-list-editor';

const field = 'rounded border border-line bg-panel-2 px-2 py-1.5 text-sm text-white';

/** Issue 16 screen 2: the boxes, searched, filtered and paged on the server; each opens in the editor. */
export default function BoxesPage() {
  const t = useBoxesT();
  const me = useAdminMe();
  const [filters, setFilters] = useState<BoxFilters>({ search: '', themeId: -1, enabled: -1, page: 1 });
  const list = useBoxes(filters);
  const themes = useBoxThemes();
  const canWrite = me.data ? roleHasPermission(me.data.role, 'boxes.write') : false;

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
      <div className="flex flex-wrap gap-2">
        <input
          type="search"
          aria-label={t('boxes.search')}
          placeholder={t('boxes.search')}
          className={field}
          value={filters.search}
          onChange={(e) => setFilters({ ...filters, search: e.target.value, page: 1 })}
        />
        <select
          aria-label={t('boxes.col.theme')}
          className={field}
          value={filters.themeId}
          onChange={(e) => setFilters({ ...filters, themeId: Number(e.target.value), page: 1 })}
        >
          <option value={-1}>{t('boxes.allThemes')}</option>
          {(themes.data ?? []).map((theme) => (
            <option key={theme.id} value={theme.id}>
              {theme.name}
            </option>
          ))}
        </select>
        <select
          aria-label={t('boxes.col.state')}
          className={field}
          value={filters.enabled}
          onChange={(e) => setFilters({ ...filters, enabled: Number(e.target.value), page: 1 })}
        >
          <option value={-1}>{t('boxes.allStates')}</option>
          <option value={1}>{t('boxes.enabled')}</option>
          <option value={0}>{t('boxes.disabled')}</option>
        </select>
      </div>
      <PagedTable
        query={list}
        caption={t('boxes.title')}
        columns={columns}
        empty={t('boxes.empty')}
        onPage={(page) => setFilters({ ...filters, page })}
      />
    </section>
  );
}
