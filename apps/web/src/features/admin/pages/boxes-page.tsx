import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatFen, roleHasPermission, type AdminBox } from '@skinfair/contract';
import { useAdminMe } from '../api/session';
import { useBoxes, useBoxThemes } from '../api/boxes';
import type { AdminColumn } from '../components/data-table';
import { ListView, useListPage } from '../components/list-view';
import { onOffOptions } from '../components/select-options';
import { useBoxesT } from '../i18n/boxes-messages';
import { formatRate } from '../components/drop-list-editor';
import { ThemesPanel } from '../components/themes-panel';
import { smallButtonClass } from '../components/styles';
import { useConsoleTitle } from '../components/console-page';

/** Issue 16 screen 2: the boxes, searched, filtered and paged on the server; each opens in the editor. */
export default function BoxesPage() {
  const t = useBoxesT();
  useConsoleTitle(t('boxes.title'));
  const me = useAdminMe();
  const view = useListPage(useBoxes, { search: '', themeId: -1, enabled: -1, page: 1 });
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
      <ListView
        {...view}
        fields={[
          { search: 'search', label: t('boxes.search') },
          {
            select: 'themeId',
            label: t('boxes.col.theme'),
            options: [
              { value: -1, label: t('boxes.allThemes') },
              ...(themes.data ?? []).map((theme) => ({ value: theme.id, label: theme.name })),
            ],
          },
          {
            select: 'enabled',
            label: t('boxes.col.state'),
            options: onOffOptions(t('boxes.allStates'), t('boxes.enabled'), t('boxes.disabled')),
          },
        ]}
        columns={columns}
        texts={{ caption: t('boxes.title'), empty: t('boxes.empty') }}
      />
    </section>
  );
}
