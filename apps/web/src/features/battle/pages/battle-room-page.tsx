import { useParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';
import { useReportPageLoaded } from '../../../shared/stores/page-loaded-store';
import { battleTitles, type BattleMode } from '../battle-mode';

/** Spec §2 /battle/{id}: the room follows battle-state events, so it keeps the live socket open too. */
export default function BattleRoomPage({ mode = 'battle' }: { mode?: BattleMode }) {
  const t = useT();
  const { id = '' } = useParams();
  useReportPageLoaded();
  return (
    <PageShell titleId={battleTitles[mode].room} subtitle={t('battle.id', { id })}>
      <EmptyState message={t('feature.comingSoon')} />
    </PageShell>
  );
}
