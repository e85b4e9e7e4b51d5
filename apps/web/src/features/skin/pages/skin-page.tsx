import { useState } from 'react';
import { ListState, noRows } from '../../../shared/ui/list-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { Pager } from '../../../shared/ui/pager';
import { useT } from '../../../shared/i18n/use-t';
import { noSkinFilters, useSkinPage } from '../api/get-skin-page';
import { SkinFilters } from '../components/skin-filters';
import { SkinGrid } from '../components/skin-grid';

/** Spec §2 /skin: the CS2 catalogue with search and filters; an item opens in the skin overlay. */
export default function SkinPage() {
  const t = useT();
  const [filters, setFilters] = useState(noSkinFilters);
  const page = useSkinPage(filters);
  return (
    <PageShell titleId="title.skin">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-300">{t('skin.intro')}</p>
        <SkinFilters filters={filters} onChange={setFilters} />
        <ListState query={page} isEmpty={noRows} empty={t('skin.noResults')} failed={t('skin.loadFailed')}>
          {(data) => (
            <>
              <p className="text-xs text-slate-400" data-testid="skin-total">
                {t('skin.total', { count: data.totalRows })}
              </p>
              <SkinGrid skins={data.pageData} />
              <Pager page={data.page} totalPages={data.totalPages} onPage={(p) => setFilters({ ...filters, page: p })} />
            </>
          )}
        </ListState>
      </div>
    </PageShell>
  );
}
