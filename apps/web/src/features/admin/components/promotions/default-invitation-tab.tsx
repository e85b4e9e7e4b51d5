import { useState } from 'react';
import { usePromotionsT } from '../../i18n/promotions-messages';
import { useDefaultInvitation, useSaveDefaultInvitation } from '../../api/site-settings';
import { ReasonChange } from '../reason-dialog';
import { primaryButtonClass } from '../styles';
import { InputField } from '../input-field';
import { QueryState } from '../query-state';

const CODE = /^[A-Za-z0-9]{6,15}$/;

/** The code sign-up pre-fills when the visitor brought none (issue 27 §5); the server checks a player holds it. */
export function DefaultInvitationTab({ canWrite }: { canWrite: boolean }) {
  const t = usePromotionsT();
  const current = useDefaultInvitation();
  const save = useSaveDefaultInvitation();
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  if (!current.data) return <QueryState query={current} />;
  const code = text.trim();
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <p className="text-lg">
        {current.data.invitationCode ? t('promo.invite.current', { code: current.data.invitationCode }) : t('promo.invite.none')}
      </p>
      <p className="text-sm text-slate-400">{t('promo.invite.body')}</p>
      {canWrite ? (
        <div className="flex flex-wrap items-end gap-2">
          <InputField label={t('promo.invite.code')} maxLength={15} value={text} onChange={setText} />
          <button type="button" className={primaryButtonClass} disabled={!CODE.test(code)} onClick={() => setConfirming(code)}>
            {t('promo.first.save')}
          </button>
          {current.data.invitationCode ? (
            <button type="button" className={primaryButtonClass} onClick={() => setConfirming('')}>
              {t('promo.invite.clear')}
            </button>
          ) : null}
        </div>
      ) : null}
      {canWrite && code && !CODE.test(code) ? (
        <p role="alert" className="text-sm text-red-400">
          {t('promo.invite.format')}
        </p>
      ) : null}
      {confirming !== null ? (
        <ReasonChange
          title={confirming ? t('promo.invite.saveTitle', { code: confirming }) : t('promo.invite.clearTitle')}
          confirmLabel={t('promo.first.save')}
          change={save}
          params={{ invitationCode: confirming }}
          done={t('promo.saved')}
          onClose={() => setConfirming(null)}
          onDone={() => setText('')}
        />
      ) : null}
    </div>
  );
}
