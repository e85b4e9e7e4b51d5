import { useId, useState, type FormEvent } from 'react';
import type { AdminWithdrawal } from '@skinfair/contract';
import { Dialog } from '../../../../shared/ui/dialog';
import { useAdminT } from '../../i18n/messages';
import { LabelledInput } from '../labelled';
import { FormActions } from '../form-actions';

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
        <LabelledInput
          label={t('admin.withdrawals.offerId')}
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={20}
          aria-describedby={hintId}
          aria-invalid={offerId !== '' && !valid}
          value={offerId}
          onChange={setOfferId}
        />
        <p id={hintId} className="text-xs text-slate-400">
          {t('admin.withdrawals.offerIdHint')}
        </p>
        <FormActions
          cancelLabel={t('admin.withdrawals.cancel')}
          submitLabel={t('admin.withdrawals.complete')}
          onCancel={onClose}
          disabled={!valid || busy}
        />
      </form>
    </Dialog>
  );
}
