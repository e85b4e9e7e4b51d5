import type { ReactNode } from 'react';
import { roleHasPermission } from '@skinfair/contract';
import { useAdminMe } from '../../api/session';
import { useGamesT } from '../../i18n/games-messages';
import { smallButtonClass } from '../styles';

/** What the Games screen's tabs share: the write permission and a detail panel's header. */

export function useCanWriteGames(): boolean {
  const me = useAdminMe();
  return me.data ? roleHasPermission(me.data.role, 'games.write') : false;
}

export function PanelHeader({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const t = useGamesT();
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="flex gap-2">
        {children}
        <button type="button" className={smallButtonClass} onClick={onClose}>
          {t('games.close')}
        </button>
      </div>
    </div>
  );
}
