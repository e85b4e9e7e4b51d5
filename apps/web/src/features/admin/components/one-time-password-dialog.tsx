import { useState } from 'react';
import type { OperatorResetResult } from '@skinfair/contract';
import { Dialog } from '../../../shared/ui/dialog';
import { useAccountT } from '../i18n/account-messages';
import { primaryButtonClass, smallButtonClass } from './styles';
import { when } from './format';

/**
 * The one-time password of an admin's reset, shown this once (the server keeps only its hash): large,
 * selectable and copyable, with when it stops working. Closing it forgets it.
 */
export function OneTimePasswordDialog({ reset, onClose }: { reset: OperatorResetResult; onClose: () => void }) {
  const t = useAccountT();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      // No clipboard (an insecure origin, a refused permission) throws too: the text stays selectable.
      await navigator.clipboard.writeText(reset.oneTimePassword);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Dialog title={t('account.reset.title', { name: reset.operator.name })} onClose={onClose}>
      <div className="flex flex-col gap-3 text-sm text-slate-200">
        <p>{t('account.reset.once')}</p>
        <div className="flex items-center gap-2">
          <code data-testid="one-time-password" className="rounded bg-panel-2 px-3 py-2 font-mono text-lg select-all">
            {reset.oneTimePassword}
          </code>
          <button type="button" className={smallButtonClass} onClick={() => void copy()}>
            {t('account.reset.copy')}
          </button>
        </div>
        <p role="status" className="min-h-5 text-xs text-slate-400">
          {copied === 'yes' ? t('account.reset.copied') : copied === 'failed' ? t('account.reset.copyFailed') : ''}
        </p>
        <p className="text-xs text-slate-400">{t('account.reset.expires', { at: when(reset.expiresAt) })}</p>
        <button type="button" data-autofocus className={`${primaryButtonClass} self-end`} onClick={onClose}>
          {t('account.reset.close')}
        </button>
      </div>
    </Dialog>
  );
}
