import { useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import { useSysConfig } from '../../../shared/api/common-queries';
import { useUserInfo } from '../../../shared/api/user-queries';
import { Button, TextField } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { AccountPage } from '../../../shared/ui/page-shell';
import { useMoney } from '../../../shared/ui/price';
import { useTransferSecondary } from '../api/transfer-secondary';
import { PersonalNav } from '../components/personal-nav';
import { checkTransfer, MIN_TRANSFER_FEN, type TransferError } from '../personal-math';

const errorIds: Record<TransferError, MessageId> = {
  invalid: 'transfer.invalid',
  min: 'transfer.min',
  over: 'transfer.over',
};

function TransferBody() {
  const t = useT();
  const money = useMoney();
  const user = useUserInfo();
  const transfer = useTransferSecondary();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pendingFen, setPendingFen] = useState<number | null>(null);
  if (!user.data) return user.isError ? <EmptyState message={t('common.loadFailed')} /> : <PageFallback />;
  const secondary = user.data.secondaryBalance;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTransfer(amount, secondary);
    if ('error' in checked) {
      setError(t(errorIds[checked.error], { amount: money(MIN_TRANSFER_FEN) }));
      return;
    }
    setError(null);
    setPendingFen(checked.fen);
  };
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="transfer-page">
      <section className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-5">
        <p className="text-sm text-slate-400">{t('summary.secondary')}</p>
        <p className="text-3xl font-bold text-accent-purple" data-testid="transfer-secondary">
          {money(secondary)}
        </p>
        <p className="text-sm text-slate-400">
          {t('summary.coins')} <span className="text-accent-orange">{money(user.data.balance)}</span>
        </p>
        <p className="text-xs text-slate-500">{t('transfer.explain')}</p>
      </section>
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-5"
        data-testid="transfer-form"
      >
        <TextField
          label={t('transfer.amount')}
          inputMode="decimal"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setError(null);
          }}
          error={error}
          placeholder={t('transfer.placeholder', { amount: money(MIN_TRANSFER_FEN) })}
          autoComplete="off"
          addon={
            <button
              type="button"
              onClick={() => setAmount((secondary / 100).toFixed(2))}
              className="shrink-0 rounded-lg bg-panel-2 px-3 text-sm text-slate-200 hover:brightness-125"
            >
              {t('transfer.all')}
            </button>
          }
        />
        <Button type="submit" disabled={secondary < MIN_TRANSFER_FEN} testId="transfer-submit">
          {t('transfer.submit')}
        </Button>
        {secondary < MIN_TRANSFER_FEN ? <p className="text-xs text-slate-500">{t('transfer.nothing')}</p> : null}
      </form>
      {pendingFen !== null ? (
        <ConfirmDialog
          title={t('transfer.confirmTitle')}
          busy={transfer.isPending}
          onCancel={() => setPendingFen(null)}
          onConfirm={() =>
            transfer.mutate(pendingFen, {
              onSuccess: () => {
                toast.success(t('transfer.done', { amount: money(pendingFen) }));
                setPendingFen(null);
                setAmount('');
              },
            })
          }
          testId="transfer-confirm"
        >
          {t('transfer.confirmText', { amount: money(pendingFen) })}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/**
 * Spec §2 /personal/transfer: the secondary balance into coins. Spec §3: the exchange option is shown
 * only when sysConfig.switchBalanceType is false.
 */
export default function TransferPage() {
  const t = useT();
  const config = useSysConfig();
  return (
    <AccountPage titleId="title.personalTransfer" nav={<PersonalNav />}>
      {config.data?.switchBalanceType ? <EmptyState message={t('transfer.unavailable')} /> : <TransferBody />}
    </AccountPage>
  );
}
