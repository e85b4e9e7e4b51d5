import { useState } from 'react';
import { dailyTopUpBounds, dailyTopUpTiersProblem, parseYuanToFen, type DailyTopUpTier } from '@skinfair/contract';
import { usePromotionsT } from '../../i18n/promotions-messages';
import { useDailyTopUpTiers, useSaveDailyTopUpTiers } from '../../api/site-settings';
import { QueryState } from '../query-state';
import { ReasonDialog } from '../reason-dialog';
import { toastResult } from '../toast-result';
import { fieldClass, primaryButtonClass, smallButtonClass } from '../styles';

const yuanText = (fen: number) => (fen / 100).toFixed(2).replace(/\.00$/, '');

/** Each row's two cells as typed; parsed to fen (null while a cell is not an amount). */
type Draft = Array<{ minDeposit: string; reward: string }>;

function parse(draft: Draft): DailyTopUpTier[] | null {
  const tiers = draft.map((row) => ({ minDepositFen: parseYuanToFen(row.minDeposit), rewardFen: parseYuanToFen(row.reward) }));
  return tiers.every((t) => t.minDepositFen !== null && t.rewardFen !== null) ? (tiers as DailyTopUpTier[]) : null;
}

/**
 * The daily top-up tiers (issue 27 §5), edited as a whole: the same checks as the server (thresholds rising,
 * rewards not falling, at most 10 % of the threshold) say what is wrong before the save; the server checks again.
 */
function TiersEditor({ tiers, canWrite }: { tiers: DailyTopUpTier[]; canWrite: boolean }) {
  const t = usePromotionsT();
  const save = useSaveDailyTopUpTiers();
  const [draft, setDraft] = useState<Draft>(() =>
    tiers.map((x) => ({ minDeposit: yuanText(x.minDepositFen), reward: yuanText(x.rewardFen) })),
  );
  const [confirming, setConfirming] = useState(false);
  const parsed = parse(draft);
  const problem = !parsed
    ? t('promo.daily.badNumber')
    : parsed.length === 0
      ? t('promo.daily.empty')
      : parsed.some((x) => x.minDepositFen < dailyTopUpBounds.minDepositFenMin || x.rewardFen < 1)
        ? t('promo.daily.tooSmall')
        : dailyTopUpTiersProblem(parsed);
  const edit = (i: number, field: 'minDeposit' | 'reward', value: string) =>
    setDraft((d) => d.map((row, x) => (x === i ? { ...row, [field]: value } : row)));

  return (
    <div className="flex max-w-2xl flex-col gap-3">
      <p className="text-sm text-slate-400">{t('promo.daily.rules')}</p>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('promo.tab.dailyTopUp')}</caption>
        <thead>
          <tr className="text-left text-slate-400">
            <th scope="col" className="p-2">
              {t('promo.daily.tier')}
            </th>
            <th scope="col" className="p-2">
              {t('promo.daily.minDeposit')}
            </th>
            <th scope="col" className="p-2">
              {t('promo.daily.reward')}
            </th>
            {canWrite ? <th scope="col" className="p-2" /> : null}
          </tr>
        </thead>
        <tbody>
          {draft.map((row, i) => (
            <tr key={i} className="border-t border-line">
              <th scope="row" className="p-2 text-left">
                {i + 1}
              </th>
              {(['minDeposit', 'reward'] as const).map((field) => (
                <td key={field} className="p-1">
                  {canWrite ? (
                    <input
                      className={`${fieldClass} w-full`}
                      aria-label={t('promo.daily.cell', { n: i + 1, column: t(`promo.daily.${field}`) })}
                      inputMode="decimal"
                      maxLength={12}
                      value={row[field]}
                      onChange={(e) => edit(i, field, e.target.value)}
                    />
                  ) : (
                    row[field]
                  )}
                </td>
              ))}
              {canWrite ? (
                <td className="p-1">
                  <button type="button" className={smallButtonClass} onClick={() => setDraft((d) => d.filter((_, x) => x !== i))}>
                    {t('promo.daily.remove')}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {problem ? (
        <p role="alert" className="text-sm text-red-400">
          {problem}
        </p>
      ) : null}
      {canWrite ? (
        <div className="flex gap-2">
          <button
            type="button"
            className={smallButtonClass}
            disabled={draft.length >= dailyTopUpBounds.tiersMax}
            onClick={() => setDraft((d) => [...d, { minDeposit: '', reward: '' }])}
          >
            {t('promo.daily.add')}
          </button>
          <button
            type="button"
            className={primaryButtonClass}
            disabled={problem !== null || save.isPending}
            onClick={() => setConfirming(true)}
          >
            {t('promo.ladder.save')}
          </button>
        </div>
      ) : null}
      {confirming && parsed ? (
        <ReasonDialog
          title={t('promo.daily.saveTitle')}
          confirmLabel={t('promo.ladder.save')}
          busy={save.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={(reason) =>
            save.mutate(
              { tiers: parsed, reason },
              toastResult(t('promo.saved'), () => setConfirming(false)),
            )
          }
        />
      ) : null}
    </div>
  );
}

export function DailyTopUpTab({ canWrite }: { canWrite: boolean }) {
  const tiers = useDailyTopUpTiers();
  if (!tiers.data) return <QueryState query={tiers} />;
  return <TiersEditor key={tiers.dataUpdatedAt} tiers={tiers.data} canWrite={canWrite} />;
}
