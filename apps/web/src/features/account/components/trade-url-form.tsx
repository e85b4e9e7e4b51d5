import { useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import { errorStatus, parseTradeUrl, steamAccountIdOf, tradeUrlSchema } from '@skinfair/contract';
import { isApiError } from '../../../shared/api/api-error';
import { Button, TextField } from '../../../shared/forms/fields';
import { catalogueText } from '../../../shared/forms/validate';
import { useValidate } from '../../../shared/forms/use-validate';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import { useT } from '../../../shared/i18n/use-t';
import { useModifyTradeUrl } from '../api/modify-trade-url';
import { SecurityCheck } from './security-check';

export const TRADE_URL_HELP = 'https://steamcommunity.com/my/tradeoffers/privacy';

/** Issue 24 §3: with a Steam account bound, the link must be that account's (its `partner` is the account id). */
const ownSteamLink = (tradeUrl: string, steamId: string | null) => {
  if (!steamId) return true;
  const partner = parseTradeUrl(tradeUrl)?.partnerAccountId;
  return partner !== undefined && partner === steamAccountIdOf(steamId);
};

/**
 * Spec §5: a valid trade link is required; the contract pattern gives "请输入正确的交易链接". Replacing an
 * existing link needs the security check first (issue 24 §1: the bound phone when there is one), and holds
 * withdrawals for a while; the first link needs neither. An account with neither phone nor mail has nothing
 * to check with (the Steam check and the hold guard it).
 */
export function TradeUrlForm({
  current,
  hasPhone,
  hasMail,
  steamId,
  done,
}: {
  current: string | null;
  hasPhone: boolean;
  hasMail: boolean;
  steamId: string | null;
  done: () => void;
}) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const validate = useValidate();
  const [tradeUrl, setTradeUrl] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [securityToken, setSecurityToken] = useState<string | null>(null);
  const modify = useModifyTradeUrl();

  if (current !== null && (hasPhone || hasMail) && !securityToken) {
    return (
      <div className="flex flex-col gap-3" data-testid="trade-url-check">
        <p className="text-sm text-accent-orange">{t('account.tradeUrlCheckIntro')}</p>
        <SecurityCheck phoneOnly={hasPhone} onPassed={setSecurityToken} />
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next =
      validate(tradeUrlSchema, tradeUrl) ?? (ownSteamLink(tradeUrl, steamId) ? null : catalogueText('TRADE_URL_STEAM_MISMATCH', locale));
    setError(next);
    if (next) return;
    modify.mutate(
      { tradeUrl: tradeUrl.trim(), ...(securityToken ? { securityToken } : {}) },
      {
        onSuccess: () => {
          toast.success(t('account.tradeUrlSaved'));
          done();
        },
        // A ticket used up or expired meanwhile: the check comes back for a fresh one.
        onError: (e) => {
          if (isApiError(e) && e.status === errorStatus('SECURITY_CHECK_REQUIRED')) setSecurityToken(null);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="trade-url-form">
      {current !== null ? <p className="text-xs text-slate-400">{t('account.tradeUrlHoldHint')}</p> : null}
      <TextField
        label={t('account.tradeUrl')}
        name="tradeUrl"
        type="url"
        value={tradeUrl}
        onChange={setTradeUrl}
        error={error}
        placeholder="https://steamcommunity.com/tradeoffer/new/?partner=…&token=…"
        hint={
          <a href={TRADE_URL_HELP} target="_blank" rel="noreferrer" className="text-accent-cyan hover:underline">
            {t('account.tradeUrlHelp')}
          </a>
        }
        // Shown when the player presses "edit" (or follows a link to it): focus goes to the field they asked for.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      />
      <Button type="submit" pending={modify.isPending} className="self-start" testId="trade-url-save">
        {t('account.save')}
      </Button>
    </form>
  );
}
