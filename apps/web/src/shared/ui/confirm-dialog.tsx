import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** A yes/no step before spending or giving something up (open, swap, retrieve, buy). */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  disabled = false,
  testId,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog title={title} onClose={onCancel} {...(testId ? { testId } : {})}>
      <div className="flex flex-col gap-5">
        <div className="text-slate-200">{children}</div>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg border border-line bg-panel-2 px-5 py-2 text-sm text-slate-200 hover:brightness-125"
          >
            {t('common.cancel')}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy || disabled}
            data-testid="confirm-ok"
            className="rounded-lg bg-accent-orange px-5 py-2 text-sm font-semibold text-black hover:brightness-110 disabled:opacity-50"
          >
            {confirmLabel ?? t('common.confirm')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
