import { useState } from 'react';
import { usePromotionsT } from '../../i18n/promotions-messages';
import { useFirstDeposit, useSaveFirstDeposit } from '../../api/promotions';
import { ReasonChange } from '../reason-dialog';
import { primaryButtonClass } from '../styles';
import { InputField } from '../input-field';
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
          <InputField label={t('promo.first.percent')} inputMode="numeric" maxLength={3} value={text} onChange={setText} />
          <button type="button" className={primaryButtonClass} disabled={!valid} onClick={() => setConfirming(true)}>
            {t('promo.first.save')}
          </button>
        </div>
      ) : null}
      {confirming && pct !== null ? (
        <ReasonChange
          title={t('promo.first.saveTitle', { pct })}
          confirmLabel={t('promo.first.save')}
          change={save}
          params={{ bonusPercent: pct }}
          done={t('promo.saved')}
          onClose={() => setConfirming(false)}
          onDone={() => setText('')}
        />
      ) : null}
    </div>
  );
}
