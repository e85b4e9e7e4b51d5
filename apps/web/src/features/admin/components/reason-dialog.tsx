import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../../shared/ui/dialog';
import { useAdminT } from '../i18n/messages';

const field = 'w-full rounded border border-line bg-panel-2 px-2 py-1.5 text-sm text-white';

/**
 * A confirm step with a mandatory reason (money, freezes, failed withdrawals): the reason goes to the audit
 * log with the change. `children` holds any other fields of the action; `ready` says whether they are valid.
 */
export function ReasonDialog({
  title,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  ready = true,
  children,
}: {
  title: string;
  confirmLabel: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  busy?: boolean;
  ready?: boolean;
  children?: ReactNode;
}) {
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
        <div className="flex justify-end gap-2">
          <button type="button" className="rounded border border-line px-4 py-1.5 text-sm text-slate-200" onClick={onClose}>
            {t('admin.reason.cancel')}
          </button>
          <button
            type="submit"
            disabled={!valid || busy}
            className="rounded bg-accent-orange px-4 py-1.5 text-sm font-medium text-black disabled:opacity-40"
          >
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
