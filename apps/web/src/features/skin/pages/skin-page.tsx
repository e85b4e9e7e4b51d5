import { useState } from 'react';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
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
        {page.isPending ? (
          <PageFallback />
        ) : page.isError ? (
          <EmptyState message={t('skin.loadFailed')} />
        ) : page.data.pageData.length === 0 ? (
          <EmptyState message={t('skin.noResults')} />
        ) : (
          <>
            <p className="text-xs text-slate-400" data-testid="skin-total">
              {t('skin.total', { count: page.data.totalRows })}
            </p>
            <SkinGrid skins={page.data.pageData} />
            <Pager page={page.data.page} totalPages={page.data.totalPages} onPage={(p) => setFilters({ ...filters, page: p })} />
          </>
        )}
      </div>
    </PageShell>
  );
}
