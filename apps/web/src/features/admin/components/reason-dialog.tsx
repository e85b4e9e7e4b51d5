import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../../shared/ui/dialog';
import { useAdminT } from '../i18n/messages';
import { toastResult } from './toast-result';
import { FormActions } from './form-actions';

const field = 'w-full rounded border border-line bg-panel-2 px-2 py-1.5 text-sm text-white';

/**
 * A confirm step with a mandatory reason (money, freezes, failed withdrawals): the reason goes to the audit
 * log with the change. `children` holds any other fields of the action; `ready` says whether they are valid.
 */
interface ReasonDialogProps {
  title: string;
  confirmLabel: string;
  onClose: () => void;
  ready?: boolean;
  children?: ReactNode;
}

export function ReasonDialog({
  title,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  ready = true,
  children,
}: ReasonDialogProps & { onConfirm: (reason: string) => void; busy?: boolean }) {
  const t = useAdminT();
  const [reason, setReason] = useState('');
  const valid = reason.trim().length >= 2 && ready;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onConfirm(reason.trim());
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        {children}
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('admin.reason.label')}
          <textarea
            className={field}
            required
            minLength={2}
            maxLength={200}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        <p className="text-xs text-slate-400">{t('admin.reason.hint')}</p>
        <FormActions cancelLabel={t('admin.reason.cancel')} submitLabel={confirmLabel} onCancel={onClose} disabled={!valid || busy} />
      </form>
    </Dialog>
  );
}

/** A console change that takes a reason with its other params (a TanStack mutation). */
export interface ReasonMutation<P extends { reason: string }> {
  isPending: boolean;
  mutate: (params: P, options: { onSuccess: () => void; onError: (e: Error) => void }) => void;
}

/**
 * The reason step of one change: `change` runs with `params` and the reason; on success the dialog closes,
 * `onDone` runs (to clear the form the change came from) and a toast says `done`; a failure's toast leaves
 * the dialog open.
 */
export function ReasonChange<P extends { reason: string }>({
  change,
  params,
  done,
  onDone,
  ...dialog
}: ReasonDialogProps & {
  change: ReasonMutation<P>;
  params: Omit<P, 'reason'>;
  done: string;
  onDone?: () => void;
}) {
  const finish = () => {
    dialog.onClose();
    onDone?.();
  };
  // `params` is P without its reason: with the reason it is P again.
  return (
    <ReasonDialog
      {...dialog}
      busy={change.isPending}
      onConfirm={(reason) => change.mutate({ ...params, reason } as P, toastResult(done, finish))}
    />
  );
}
