import { useState } from 'react';
import { toastResult } from '../toast-result';
import { usePromotionsT } from '../../i18n/promotions-messages';
import { useFirstDeposit, useSaveFirstDeposit } from '../../api/promotions';
import { ReasonDialog } from '../reason-dialog';
import { fieldClass, primaryButtonClass } from '../styles';
import { Field } from '../field';
import { QueryState } from '../query-state';

/** The first-deposit bonus percent (site_settings), 0–100, saved with a reason and audited. */
export function FirstDepositTab({ canWrite }: { canWrite: boolean }) {
  const t = usePromotionsT();
  const current = useFirstDeposit();
  const save = useSaveFirstDeposit();
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  if (!current.data) return <QueryState query={current} />;
  const pct = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null;
  const valid = pct !== null && pct <= 100;
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <p className="text-lg">{t('promo.first.current', { pct: current.data.bonusPercent })}</p>
      <p className="text-sm text-slate-400">{t('promo.first.body')}</p>
      {canWrite ? (
        <div className="flex items-end gap-2">
          <Field label={t('promo.first.percent')}>
            {(id) => (
              <input
                id={id}
                className={fieldClass}
                inputMode="numeric"
                maxLength={3}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            )}
          </Field>
          <button type="button" className={primaryButtonClass} disabled={!valid} onClick={() => setConfirming(true)}>
            {t('promo.first.save')}
          </button>
        </div>
      ) : null}
      {confirming && pct !== null ? (
        <ReasonDialog
          title={t('promo.first.saveTitle', { pct })}
          confirmLabel={t('promo.first.save')}
          busy={save.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={(reason) =>
            save.mutate(
              { bonusPercent: pct, reason },
              toastResult(t('promo.saved'), () => {
                setConfirming(false);
                setText('');
              }),
            )
          }
        />
      ) : null}
    </div>
  );
}
