import { useNavigate } from 'react-router';
import type { BattleDetail } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { Dialog } from '../../../shared/ui/dialog';
import { LoginRequired } from '../../../shared/ui/login-required';
import { battleBasePath } from '../battle-mode';
import { BattleCreateForm } from './battle-create-form';

/**
 * The `battleOpen` overlay (spec §2 "battle open"): the create form in a panel, full-screen on phones.
 * Once the room exists the panel closes and the creator lands in it, under /reverse for a
 * non-chieftain battle as the lists link it.
 */
export function BattleOpenOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const enterRoom = (battle: BattleDetail, query: string) => {
    const base = battleBasePath(battle.mode === 1 ? 'reverse' : 'battle');
    void navigate(`${base}/${battle.battleCode}${query}`);
    onClose();
  };
  return (
    <Dialog title={t('overlay.battleOpen')} onClose={onClose} variant="sheet" testId="overlay-battleOpen">
      <LoginRequired>
        <BattleCreateForm mode="battle" onCreated={enterRoom} compact />
      </LoginRequired>
    </Dialog>
  );
}
