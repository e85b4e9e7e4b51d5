import { useState } from 'react';
import type { WithdrawalHold } from '@skinfair/contract';
import { useGuardT, type GuardMessageId } from '../i18n/withdrawal-guard-messages';
import { useReleaseWithdrawalHold } from '../api/withdrawal-guard';
import { when } from './format';
import { ReasonChange } from './reason-dialog';
import { smallButtonClass } from './styles';

const reasonLabel = (reason: WithdrawalHold['reason']) => `guard.holds.reason.${reason}` as GuardMessageId;

/**
 * A player's withdrawal holds in force (issue 24 §2), in the Players screen's detail: why and until when;
 * support releases one early with a reason that goes to the audit log.
 */
export function PlayerWithdrawalHolds({ playerId, holds, canRelease }: { playerId: number; holds: WithdrawalHold[]; canRelease: boolean }) {
  const t = useGuardT();
  const release = useReleaseWithdrawalHold();
  const [releasing, setReleasing] = useState<WithdrawalHold | null>(null);
  return (
    <section className="flex flex-col gap-1" aria-labelledby="player-withdrawal-holds" data-testid="player-withdrawal-holds">
      <h3 id="player-withdrawal-holds" className="font-semibold text-white">
        {t('guard.holds.title')}
      </h3>
      {holds.length === 0 ? (
        <p className="text-sm text-slate-400">{t('guard.holds.none')}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {holds.map((h) => (
            <li key={h.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-line px-2 py-1 text-xs">
              <span className="font-semibold text-accent-orange">{t(reasonLabel(h.reason))}</span>
              <span className="text-slate-300">
                {t('guard.holds.since')} {when(h.createdAt)}
              </span>
              <span className="text-slate-300">
                {t('guard.holds.until')} {when(h.until)}
              </span>
              {canRelease ? (
                <button type="button" className={smallButtonClass} onClick={() => setReleasing(h)}>
                  {t('guard.holds.release')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {releasing ? (
        <ReasonChange
          title={t('guard.holds.releaseTitle', { id: playerId, reason: t(reasonLabel(releasing.reason)) })}
          confirmLabel={t('guard.holds.release')}
          change={release}
          params={{ id: releasing.id }}
          done={t('guard.holds.released')}
          onClose={() => setReleasing(null)}
        >
          <p className="text-sm text-slate-300">{t('guard.holds.releaseBody')}</p>
        </ReasonChange>
      ) : null}
    </section>
  );
}
