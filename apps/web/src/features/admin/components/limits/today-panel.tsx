import { useLimitsT, type LimitsMessageId } from '../../i18n/limits-messages';
import { useLimitsToday } from '../../api/limits';
import { QueryState } from '../query-state';
import { yuan } from '../format';
import { LimitsSection } from './limits-section';

/**
 * Issue 24 §11 "value created today, by operator": one row per operator who created value today, one column
 * per kind with what counts against their cap over the cap (their own and what they approved for others),
 * and a last row with what was created, each action once.
 */
export function TodayPanel() {
  const t = useLimitsT();
  const today = useLimitsToday();
  const data = today.data;
  const kindName = (kind: string) => t(`limits.kind.${kind}` as LimitsMessageId);
  return (
    <LimitsSection id="today-title" title={t('limits.today.title', { day: data?.day ?? '' })} intro={t('limits.today.body')}>
      {!data ? (
        <QueryState query={today} />
      ) : (
        <>
          <p className="text-sm text-slate-300">{t('limits.today.pending', { n: data.pendingApprovals })}</p>
          <div className="overflow-x-auto rounded-lg border border-line">
            <table className="w-full text-left text-sm" data-testid="value-today">
              <caption className="sr-only">{t('limits.today.title', { day: data.day })}</caption>
              <thead className="bg-panel-2 text-slate-300">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('limits.today.operator')}
                  </th>
                  {data.kinds.map((k) => (
                    <th key={k.kind} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                      {kindName(k.kind)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.operators.length === 0 ? (
                  <tr>
                    <td colSpan={data.kinds.length + 1} className="px-3 py-4 text-center text-slate-400">
                      {t('limits.today.empty')}
                    </td>
                  </tr>
                ) : (
                  data.operators.map((o) => (
                    <tr key={o.operatorId} className="border-t border-line">
                      <th scope="row" className="px-3 py-2 font-normal">
                        {o.name}
                      </th>
                      {data.kinds.map((k) => {
                        const v = o.values.find((x) => x.kind === k.kind)!;
                        const full = v.countedFen >= k.capFen && k.capFen > 0;
                        return (
                          <td key={k.kind} className={`px-3 py-2 whitespace-nowrap ${full ? 'text-red-400' : ''}`}>
                            {t('limits.today.cell', { counted: yuan(v.countedFen), cap: yuan(k.capFen) })}
                            {v.cosignedFen > 0 ? (
                              <span className="block text-xs text-slate-400">
                                {t('limits.today.split', {
                                  own: yuan(v.ownFen),
                                  cosigned: yuan(v.cosignedFen),
                                })}
                              </span>
                            ) : null}
                          </td>
                        );
                      })}
                    </tr>
                  ))
                )}
              </tbody>
              <tfoot className="border-t border-line bg-panel-2">
                <tr>
                  <th scope="row" className="px-3 py-2 font-medium">
                    {t('limits.today.total')}
                  </th>
                  {data.kinds.map((k) => (
                    <td key={k.kind} className="px-3 py-2 font-medium">
                      {yuan(data.totals.find((x) => x.kind === k.kind)?.createdFen ?? 0)}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </LimitsSection>
  );
}
