import { useT } from '../i18n/use-t';

/** Previous / next paging with "page x / y"; hidden when everything fits on one page. */
export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const t = useT();
  if (totalPages <= 1) return null;
  const button = 'rounded-lg border border-line bg-panel-2 px-4 py-1.5 text-sm text-slate-200 hover:brightness-125 disabled:opacity-40';
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-center gap-3">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </button>
      <span className="text-sm text-slate-400">{t('pager.status', { page, total: totalPages })}</span>
      <button type="button" className={button} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
