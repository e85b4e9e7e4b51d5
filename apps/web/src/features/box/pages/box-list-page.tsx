import { useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { Segmented } from '../../../shared/ui/segmented';
import { useBoxThemes } from '../api/get-box-themes';
import { BoxGrid } from '../components/box-card';
import { FreeBoxes } from '../components/free-boxes';

/** Spec §2 /box: the case list by theme (theme tabs), and the user's free boxes when logged in. */
export default function BoxListPage() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const { data, isPending } = useBoxThemes();
  const [themeId, setThemeId] = useState(-1);
  // boxType 0 themes hold free boxes, opened only through a grant (the 免费箱子 section).
  const themes = (data ?? []).filter((theme) => theme.boxType !== 0 && theme.boxList.length > 0);
  const shown = themeId === -1 ? themes : themes.filter((theme) => theme.id === themeId);

  return (
    <PageShell titleId="title.box">
      {loggedIn ? <FreeBoxes /> : null}
      {isPending ? (
        <PageFallback />
      ) : themes.length === 0 ? (
        <EmptyState message={t('empty.boxes')} />
      ) : (
        <>
          <Segmented
            label={t('box.themes')}
            options={[{ value: -1, label: t('box.allThemes') }, ...themes.map((theme) => ({ value: theme.id, label: theme.themeName }))]}
            value={themeId}
            onChange={setThemeId}
            testId="theme-tabs"
          />
          {shown.map((theme) => (
            <section key={theme.id} aria-label={theme.themeName} className="flex flex-col gap-3">
              <h2 className="text-lg font-semibold text-white">{theme.themeName}</h2>
              <BoxGrid boxes={theme.boxList} />
            </section>
          ))}
        </>
      )}
    </PageShell>
  );
}
