import type { GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { GiveawayVerification } from '../giveaway-verify';
import { monoText, VerifyMark } from '../../../shared/ui/verify-mark';
import { VerifySection } from '../../../shared/ui/verify-section';

/** PF v1 §8: every step of the partial Fisher–Yates with the u32s it read, and the winner it gives each prize. */
export function VerifyDraw({ room, check }: { room: GiveawayRoom; check: GiveawayVerification }) {
  const t = useT();
  const draw = check.draw;
  const n = room.entryCount ?? 0;
  return (
    <VerifySection title={t('giveaway.verify.draw')} testId="verify-draw">
      {draw === null ? (
        <p className="text-sm text-accent-red">{t('giveaway.verify.noDraw')}</p>
      ) : (
        <>
          <p className="text-xs text-slate-500">{t('giveaway.verify.drawRule', { n })}</p>
          <p className={monoText} data-testid="verify-prefix">
            {draw.prefix}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-xs text-slate-300">
              <thead className="text-slate-500">
                <tr>
                  <th className="py-1 pe-3">i</th>
                  <th className="py-1 pe-3">{t('giveaway.verify.reads')}</th>
                  <th className="py-1 pe-3">j</th>
                  <th className="py-1 pe-3">{t('giveaway.verify.prize')}</th>
                  <th className="py-1 pe-3">{t('giveaway.verify.winnerEntry')}</th>
                  <th className="py-1">{t('giveaway.verify.published', { value: '' })}</th>
                </tr>
              </thead>
              <tbody>
                {draw.steps.map((s) => (
                  <tr key={s.step.i} className="border-t border-line align-top" data-testid="verify-step" data-ok={s.ok}>
                    <td className="py-1 pe-3 font-mono">{s.step.i}</td>
                    <td className="py-1 pe-3 font-mono">
                      {s.step.reads.map((r) => (
                        <span key={`${r.block}-${r.offset}`} className={`block ${r.accepted ? '' : 'text-slate-500 line-through'}`}>
                          [{r.block}:{r.offset}] {r.value}
                          {r.accepted ? ` mod ${n - s.step.i} = ${r.value % (n - s.step.i)}` : ''}
                        </span>
                      ))}
                    </td>
                    <td className="py-1 pe-3 font-mono">{s.step.j}</td>
                    <td className="py-1 pe-3">{s.prize?.giftName ?? '—'}</td>
                    <td className="py-1 pe-3 font-mono" data-testid="verify-step-entry">
                      #{s.winnerEntryNo}
                    </td>
                    <td className="py-1 font-mono">
                      #{s.publishedEntryNo ?? '—'} {s.prize?.winnerInfo?.nickname ?? ''}
                      <VerifyMark ok={s.ok} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {draw.unawardedOk ? null : <p className="text-sm text-accent-red">{t('giveaway.verify.unawarded')}</p>}
        </>
      )}
    </VerifySection>
  );
}
