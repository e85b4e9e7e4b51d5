import { useId, useState, type FormEvent } from 'react';
import type { AdminWithdrawal } from '@skinfair/contract';
import { Dialog } from '../../../../shared/ui/dialog';
import { useAdminT } from '../../i18n/messages';
import { buttonClass, fieldClass, primaryButtonClass } from '../styles';

/** Steam trade offer ids: digits, no leading zero (the server checks the same). */
const OFFER_ID = /^[1-9]\d{0,19}$/;

/**
 * Complete by hand (manual mode, issue 17): the operator sent the item from Steam and records the trade offer
 * id; the server moves the withdrawal to success and shows the id to the player.
 */
export function CompleteWithdrawalDialog({
  withdrawal,
  busy,
  onConfirm,
  onClose,
}: {
  withdrawal: AdminWithdrawal;
  busy: boolean;
  onConfirm: (tradeOfferId: string) => void;
  onClose: () => void;
}) {
  const t = useAdminT();
  const hintId = useId();
  const [offerId, setOfferId] = useState('');
  const valid = OFFER_ID.test(offerId.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onConfirm(offerId.trim());
  };
  return (
    <Dialog title={t('admin.withdrawals.completeTitle', { id: withdrawal.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm text-slate-300">
          {t('admin.withdrawals.completeBody', {
            item: withdrawal.itemName,
            player: withdrawal.nickname ?? String(withdrawal.userId),
          })}
        </p>
        <p className="break-all text-xs text-slate-400">{withdrawal.tradeUrl}</p>
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('admin.withdrawals.offerId')}
          <input
            className={fieldClass}
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={20}
            aria-describedby={hintId}
            aria-invalid={offerId !== '' && !valid}
            value={offerId}
            onChange={(e) => setOfferId(e.target.value)}
          />
        </label>
        <p id={hintId} className="text-xs text-slate-400">
          {t('admin.withdrawals.offerIdHint')}
        </p>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={onClose}>
            {t('admin.withdrawals.cancel')}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={!valid || busy}>
            {t('admin.withdrawals.complete')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
