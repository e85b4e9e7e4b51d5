import { useParams } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { PageShell } from '../../../shared/ui/page-shell';
import { BattleCreateForm } from '../components/battle-create-form';
import { battleTitles, type BattleMode } from '../battle-mode';

/**
 * Spec §2 /battle/create[/{id}]: the create form on its own page. With an id (a battle code) the form
 * starts from that battle's boxes, seats and mode ("create the same battle"). /reverse presets the
 * non-chieftain mode. The creator then lands in the new room.
 */
export default function BattleCreatePage({ mode = 'battle' }: { mode?: BattleMode }) {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <PageShell titleId={battleTitles[mode].create} {...(id ? { subtitle: t('battle.create.from', { id }) } : {})}>
      <BattleCreateForm mode={mode} sourceCode={id} />
    </PageShell>
  );
}
