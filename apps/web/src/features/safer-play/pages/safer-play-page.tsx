import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { PageShell } from '../../../shared/ui/page-shell';
import { TitledSection } from '../../../shared/ui/titled-section';

/**
 * /safer-play (issue 18): playing safely and where to find help. The text is the content feature's
 * `safer-play` document (operators edit it on the console's Content screen), composed in by app/ as
 * `document`; the links to the player's own tools and the urgent help lines are always shown, even if the
 * document fails to load.
 */
export default function SaferPlayPage({ document }: { document?: ReactNode }) {
  const t = useT();
  return (
    <PageShell titleId="title.saferPlay">
      <div className="grid gap-4 md:grid-cols-2">
        <nav aria-labelledby="safer-play-tools" className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-5">
          <h2 id="safer-play-tools" className="text-lg font-semibold text-white">
            {t('saferPlay.tools')}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            <li>
              <Link to="/personal/protection" className="text-accent-purple underline hover:text-white">
                {t('saferPlay.protection')}
              </Link>
            </li>
            <li>
              <Link to="/personal/activity" className="text-accent-purple underline hover:text-white">
                {t('saferPlay.activity')}
              </Link>
            </li>
          </ul>
        </nav>
        <TitledSection
          id="safer-play-urgent"
          title={t('saferPlay.urgent')}
          className="flex flex-col gap-2 rounded-xl border border-accent-red/60 bg-panel p-5"
        >
          <ul className="flex flex-col gap-1 text-sm text-slate-300" data-testid="safer-play-hotlines">
            <li>
              {t('saferPlay.beijing')}{' '}
              <a href="tel:01082951332" className="font-semibold text-white underline">
                010-82951332
              </a>
            </li>
            <li>
              {t('saferPlay.national')}{' '}
              <a href="tel:12356" className="font-semibold text-white underline">
                12356
              </a>
            </li>
          </ul>
        </TitledSection>
      </div>
      {document}
    </PageShell>
  );
}
