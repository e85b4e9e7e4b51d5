import type { ReactNode } from 'react';
import { roleHasPermission } from '@skinfair/contract';
import { useAdminMe } from '../../api/session';
import { useGamesT } from '../../i18n/games-messages';
import { toast } from '../../../../shared/ui/toast';
import { ReasonDialog } from '../reason-dialog';
import { smallButtonClass } from '../styles';

/** What the Games screen's tabs share: the write permission, the detail panel and the cancel dialog. */

export function useCanWriteGames(): boolean {
  const me = useAdminMe();
  return me.data ? roleHasPermission(me.data.role, 'games.write') : false;
}

/**
 * A battle's or giveaway's detail panel: a labelled region with its title, Close and, when the operator
 * may cancel this one (`onCancel` set), Cancel.
 */
export function DetailPanel({
  title,
  onClose,
  onCancel,
  children,
}: {
  title: string;
  onClose: () => void;
  onCancel: (() => void) | null;
  children: ReactNode;
}) {
  const t = useGamesT();
  return (
    <section aria-label={title} className="flex flex-col gap-3 rounded border border-line bg-panel p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{title}</h2>
        <div className="flex gap-2">
          {onCancel ? (
            <button type="button" className={smallButtonClass} onClick={onCancel}>
              {t('games.cancel')}
            </button>
          ) : null}
          <button type="button" className={smallButtonClass} onClick={onClose}>
            {t('games.close')}
          </button>
        </div>
      </div>
      {children}
    </section>
  );
}

/** Cancel a battle or a giveaway with a reason (refunds are the server's); closes and says so when done. */
export function CancelDialog({
  id,
  title,
  body,
  done,
  cancel,
  onClose,
}: {
  id: number;
  title: string;
  body: string;
  done: string;
  cancel: {
    isPending: boolean;
    mutate: (
      input: { id: number; reason: string },
      options: { onSuccess: () => void; onError: (e: Error) => void },
    ) => void;
  };
  onClose: () => void;
}) {
  const t = useGamesT();
  return (
    <ReasonDialog
      title={title}
      confirmLabel={t('games.cancel')}
      busy={cancel.isPending}
      onClose={onClose}
      onConfirm={(reason) =>
        cancel.mutate(
          { id, reason },
          {
            onSuccess: () => {
              onClose();
              void toast.success(done);
            },
            onError: (e) => void toast.error(e.message),
          },
        )
      }
    >
      <p className="text-sm text-slate-300">{body}</p>
    </ReasonDialog>
  );
}
