import { Link } from 'react-router';
import { requireLogin } from '../../../shared/api/require-login';
import { useT } from '../../../shared/i18n/use-t';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ListState } from '../../../shared/ui/list-state';
import { useHomeBattles } from '../api/get-battle-list';
import { useBattleLive } from '../hooks/use-battle-live';
import { BattleCard } from './battle-card';

/**
 * The /home 箱子对战 tab: the four newest open or running rooms, the arena, a create link and the quick
 * create (the battle-open overlay, without leaving the home page; guests are asked to log in first).
 * app/ passes it to the home page.
 */
export default function BattlePreview() {
  const t = useT();
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  useBattleLive();
  const query = useHomeBattles();
  const links = (
    <div className="flex flex-wrap justify-center gap-3">
      <Link to="/battle/create" className="rounded-lg bg-accent-orange px-5 py-2 text-sm font-semibold text-black">
        {t('title.battleCreate')}
      </Link>
      <button
        type="button"
        onClick={() => requireLogin() && openOverlay('battleOpen')}
        className="rounded-lg bg-accent-red px-5 py-2 text-sm font-semibold text-black hover:brightness-110"
        data-testid="battle-open-quick"
      >
        {t('battle.open.quick')}
      </button>
      <Link to="/battle" className="rounded-lg border border-line px-5 py-2 text-sm text-accent-cyan hover:bg-panel-2">
        {t('battle.home.viewAll')}
      </Link>
    </div>
  );
  return (
    <ListState
      query={query}
      isEmpty={(battles) => battles.length === 0}
      empty={<EmptyState message={t('battle.emptyCurrent')}>{links}</EmptyState>}
      failed={{ message: t('battle.home.failed'), retryLabel: t('battle.home.retry') }}
    >
      {(battles) => (
        <div className="flex flex-col gap-3" data-testid="home-battles">
          <ul className="grid gap-3 md:grid-cols-2">
            {battles.map((battle) => (
              <BattleCard key={battle.battleCode} battle={battle} basePath={battle.mode === 1 ? '/reverse' : '/battle'} />
            ))}
          </ul>
          {links}
        </div>
      )}
    </ListState>
  );
}
