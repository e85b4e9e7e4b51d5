import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { useBoxThemes } from '../api/get-box-themes';
import { BoxGrid } from './box-card';

/** The /home 盲盒开箱 tab: every paid theme with its boxes (app/ passes this into the home page). */
export default function BoxThemesPreview() {
  const t = useT();
  const { data, isPending, isError } = useBoxThemes();
  if (isPending) return <PageFallback />;
  const themes = (data ?? []).filter((theme) => theme.boxType !== 0 && theme.boxList.length > 0);
  if (isError || themes.length === 0) return <EmptyState message={t('empty.boxes')} />;
  return (
    <div className="flex flex-col gap-6" data-testid="home-box-themes">
      {themes.map((theme) => (
        <section key={theme.id} aria-label={theme.themeName} className="flex flex-col gap-3">
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold text-white">{theme.themeName}</h2>
            <Link to="/box" className="text-sm text-accent-cyan hover:underline">
              {t('box.all')}
            </Link>
          </div>
          <BoxGrid boxes={theme.boxList} />
        </section>
      ))}
    </div>
  );
}
