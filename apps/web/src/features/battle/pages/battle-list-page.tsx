import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';
import { useReportPageLoaded } from '../../../shared/stores/page-loaded-store';
import { battleBasePath, battleTitles, type BattleMode } from '../battle-mode';

/** Spec §2 /battle and /reverse: the arena. Spec §2/§4: this page reports loaded so the live feed connects. */
export default function BattleListPage({ mode = 'battle' }: { mode?: BattleMode }) {
  const t = useT();
  useReportPageLoaded();
  const create = (
    <Link
      to={`${battleBasePath(mode)}/create`}
      className="rounded-lg bg-accent-red px-4 py-2 font-semibold text-white hover:brightness-110"
    >
      {t(battleTitles[mode].create)}
    </Link>
  );
  return (
    <PageShell titleId={battleTitles[mode].list} actions={create}>
      <EmptyState message={t('empty.battles')} />
    </PageShell>
  );
}
