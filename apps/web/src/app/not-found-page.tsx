import { Link } from 'react-router';
import { useT } from '../shared/i18n/use-t';
import { PageShell } from '../shared/ui/page-shell';

/** Spec §2: any other path. Part of the main chunk so it shows even when page chunks cannot load. */
export function NotFoundPage() {
  const t = useT();
  return (
    <PageShell titleId="title.notFound">
      <div className="flex flex-col items-center gap-4 py-12 text-center" data-testid="not-found">
        <p className="text-6xl font-black text-accent-purple">404</p>
        <p className="text-slate-300">{t('notFound.body')}</p>
        <Link to="/home" className="rounded-lg bg-accent-orange px-5 py-2 font-semibold text-black hover:brightness-110">
          {t('notFound.home')}
        </Link>
      </div>
    </PageShell>
  );
}
