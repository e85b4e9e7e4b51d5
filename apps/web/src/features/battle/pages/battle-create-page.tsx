import { useParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';
import { battleTitles, type BattleMode } from '../battle-mode';

/** Spec §2 /battle/create[/{id}]: choose boxes, players, mode and rounds (the battles issue). */
export default function BattleCreatePage({ mode = 'battle' }: { mode?: BattleMode }) {
  const t = useT();
  const { id } = useParams();
  return (
    <PageShell titleId={battleTitles[mode].create} {...(id ? { subtitle: t('battle.id', { id }) } : {})}>
      <EmptyState message={t('feature.comingSoon')} />
    </PageShell>
  );
}
