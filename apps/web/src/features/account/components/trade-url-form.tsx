import { useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import { tradeUrlSchema } from '@skinfair/contract';
import { Button, TextField } from '../../../shared/forms/fields';
import { useValidate } from '../../../shared/forms/use-validate';
import { useT } from '../../../shared/i18n/use-t';
import { useModifyTradeUrl } from '../api/modify-trade-url';

export const TRADE_URL_HELP = 'https://steamcommunity.com/my/tradeoffers/privacy';

/** Spec §5: a valid trade link is required; the contract pattern gives "请输入正确的交易链接". */
export function TradeUrlForm({ current, done }: { current: string | null; done: () => void }) {
  const t = useT();
  const validate = useValidate();
  const [tradeUrl, setTradeUrl] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const modify = useModifyTradeUrl();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validate(tradeUrlSchema, tradeUrl);
    setError(next);
    if (next) return;
    modify.mutate(
      { tradeUrl: tradeUrl.trim() },
      {
        onSuccess: () => {
          toast.success(t('account.tradeUrlSaved'));
          done();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" data-testid="trade-url-form">
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
        autoFocus
      />
      <Button type="submit" pending={modify.isPending} className="self-start" testId="trade-url-save">
        {t('account.save')}
      </Button>
    </form>
  );
}
