import { useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import type { GoldenCodeReward } from '@skinfair/contract';
import { isApiError } from '../../../shared/api/api-error';
import { requireLogin } from '../../../shared/api/require-login';
import { Button, TextField } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Pager } from '../../../shared/ui/pager';
import { useMoney } from '../../../shared/ui/price';
import { useGoldenCodes } from '../api/get-golden-codes';
import { useRedeemGoldenCode } from '../api/redeem-golden-code';
import { normalizeGoldenCode } from '../golden-code-check';
import { formatDateTime } from '../../../shared/format/beijing-time';

/** "¥8.88 金币", "饰品「…」", "免费箱子「…」", "优惠券「…」". */
export function useRewardText(): (reward: GoldenCodeReward) => string {
  const t = useT();
  const money = useMoney();
  return (reward) => {
    if (reward.rewardType === 'item') return t('golden.rewardItem', { name: reward.itemName ?? '', amount: money(reward.amount) });
    if (reward.rewardType === 'box') return t('golden.rewardBox', { name: reward.boxName ?? '' });
    if (reward.rewardType === 'coupon') return t('golden.rewardCoupon', { name: reward.couponName ?? '' });
    return t('golden.rewardCoin', { amount: money(reward.amount) });
  };
}

/** The Golden Code input with 领取 (spec §1 "a redeemable feature called Golden Code"). */
export function GoldenCodeForm() {
  const t = useT();
  const rewardText = useRewardText();
  const redeem = useRedeemGoldenCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!requireLogin()) return;
    const normalized = normalizeGoldenCode(code);
    if (!normalized) {
      setError(t('golden.format'));
      return;
    }
    setError(null);
    redeem.mutate(normalized, {
      onSuccess: (reward) => {
        const text = rewardText(reward);
        toast.success(`${t('golden.success')} ${text}`);
        setLast(text);
        setCode('');
      },
      onError: (err) => {
        if (isApiError(err) && err.kind === 'envelope') setError(err.message);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" data-testid="golden-code-form">
      <TextField
        label={t('golden.label')}
        name="goldenCode"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        error={error}
        placeholder={t('golden.placeholder')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        addon={
          <Button type="submit" pending={redeem.isPending} testId="golden-code-submit" className="shrink-0">
            {t('golden.redeem')}
          </Button>
        }
      />
      {last ? (
        <p role="status" className="text-sm text-emerald-400" data-testid="golden-code-result">
          {t('golden.success')} {last}
        </p>
      ) : null}
    </form>
  );
}

/** The user's redemptions, newest first. */
export function GoldenCodeHistory() {
  const t = useT();
  const rewardText = useRewardText();
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useGoldenCodes(page);
  if (isPending) return <p className="text-sm text-slate-500">{t('common.loading')}</p>;
  if (isError) return <p className="text-sm text-accent-red">{t('common.loadFailed')}</p>;
  if (!data.pageData.length) return <EmptyState message={t('golden.noHistory')} />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2" data-testid="golden-code-history">
        {data.pageData.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-surface px-3 py-2 text-sm">
            <span className="font-mono text-slate-300">{r.code}</span>
            <span className="min-w-0 flex-1 text-white">{rewardText(r)}</span>
            <span className="text-xs text-slate-500">{formatDateTime(r.createTime)}</span>
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={data.totalPages} onPage={setPage} />
    </div>
  );
}
