import { NavLink } from 'react-router';
import { useT } from '../../shared/i18n/use-t';
import { useOverlayStore } from '../../shared/stores/overlay-store';
import { Dialog } from '../../shared/ui/dialog';
import { mainNav, menuExtras } from '../layout/nav-items';

/** The mobile navigation drawer (below the md breakpoint the header hides its nav). */
export function LeftMenuOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  return (
    <Dialog title={t('overlay.leftMenu')} onClose={onClose} variant="drawer" testId="overlay-leftMenu">
      <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
        {[...menuExtras.slice(0, 1), ...mainNav, ...menuExtras.slice(1)].map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            onClick={onClose}
            className={({ isActive }) =>
              `rounded-lg px-3 py-2.5 ${isActive ? 'bg-panel-2 text-accent-orange' : 'text-slate-200 hover:bg-panel-2'}`
            }
          >
            {t(item.label)}
          </NavLink>
        ))}
        <button
          type="button"
          onClick={() => {
            onClose();
            openOverlay('benefit');
          }}
          className="rounded-lg px-3 py-2.5 text-start text-slate-200 hover:bg-panel-2"
        >
          {t('header.benefit')}
        </button>
        <button
          type="button"
          onClick={() => openOverlay('language')}
          className="rounded-lg px-3 py-2.5 text-start text-slate-200 hover:bg-panel-2"
        >
          {t('header.language')}
        </button>
      </nav>
    </Dialog>
  );
}
