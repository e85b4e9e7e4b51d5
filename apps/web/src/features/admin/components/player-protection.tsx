import { formatFen, type ProtectionState } from '@skinfair/contract';
import { useProtectionT, type ProtectionMessageId } from '../i18n/protection-messages';
import { when } from './format';

/**
 * A player's limits, cool-off and self-exclusion in the Players screen's detail (issue 18): read-only by
 * design — there is no control here and no console route that lifts or shortens them (decision 0042).
 */
export function PlayerProtection({ protection }: { protection: ProtectionState }) {
  const t = useProtectionT();
  const set = protection.limits.filter((l) => l.value !== null || l.pendingAt !== null);
  const show = (kind: string, v: number) => (kind === 'session_minutes' ? String(v) : formatFen(v));
  return (
    <section className="flex flex-col gap-1" aria-labelledby="player-protection" data-testid="player-protection">
      <h3 id="player-protection" className="font-semibold text-white">
        {t('protection.title')}
      </h3>
      <p className="text-xs text-slate-400">{t('protection.readOnly')}</p>
      {protection.exclusion ? (
        <p className="text-sm font-semibold text-accent-orange" data-testid="player-protection-exclusion">
          {t(`protection.exclusion.${protection.exclusion.kind}`, {
            from: when(protection.exclusion.startedAt),
            until: when(protection.exclusion.until),
          })}
        </p>
      ) : null}
      {set.length === 0 && !protection.exclusion ? (
        <p className="text-sm text-slate-400">{t('protection.none')}</p>
      ) : set.length > 0 ? (
        <div className="overflow-x-auto rounded border border-line">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{t('protection.title')}</caption>
            <thead className="bg-panel-2 text-slate-300">
              <tr>
                {(['protection.kind', 'protection.value', 'protection.used', 'protection.pending'] as const).map((h) => (
                  <th key={h} scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                    {t(h)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {set.map((l) => (
                <tr key={l.kind} className="border-t border-line text-slate-200">
                  <td className="px-2 py-1">{t(`protection.kind.${l.kind}` as ProtectionMessageId)}</td>
                  <td className="px-2 py-1">{l.value === null ? '—' : show(l.kind, l.value)}</td>
                  <td className="px-2 py-1">{show(l.kind, l.usedNow)}</td>
                  <td className="px-2 py-1">
                    {l.pendingAt === null
                      ? '—'
                      : l.pendingValue === null
                        ? t('protection.pendingRemove', { at: when(l.pendingAt) })
                        : t('protection.pendingRaise', {
                            value: show(l.kind, l.pendingValue),
                            at: when(l.pendingAt),
                          })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
