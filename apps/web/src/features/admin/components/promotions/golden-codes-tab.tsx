import { useMemo, useState, type FormEvent } from 'react';
import { formatFen, parseYuanToFen, type AdminGoldenCode, type GoldenCodeRedemption } from '@skinfair/contract';
import { Dialog } from '../../../../shared/ui/dialog';
import { toast } from '../../../../shared/ui/toast';
import { toastResult } from '../toast-result';
import { orApprovalRequested } from '../limits/approval-result';
import { usePromotionsT, type PromotionsMessageId, type PromotionsT } from '../../i18n/promotions-messages';
import { useCodeRedemptions, useCreateGoldenCode, useGoldenCodes, useSetCodeDisabled } from '../../api/promotions';
import type { AdminColumn } from '../data-table';
import { withAll } from '../select-options';
import { ListView, useListPage } from '../list-view';
import { PagedTable } from '../paged-table';
import { fieldClass, primaryButtonClass, smallButtonClass } from '../styles';
import { Field } from '../field';
import { InputField } from '../input-field';
import { CouponFields } from './coupon-fields';
import { when } from '../format';
import { FormActions } from '../form-actions';
import { Panel } from '../panel';

const STATES = ['live', 'disabled', 'expired', 'usedUp'] as const;
const REWARDS = ['coin', 'item', 'box', 'coupon'] as const;
/** The one field a coin, item or box reward asks for (a coupon has its own fields). */
const REWARD_FIELDS = {
  coin: { key: 'amount', label: 'promo.codes.amount', inputMode: 'decimal' },
  item: { key: 'itemId', label: 'promo.codes.itemId', inputMode: 'numeric' },
  box: { key: 'boxId', label: 'promo.codes.boxId', inputMode: 'numeric' },
} as const;

export function rewardText(t: PromotionsT, c: AdminGoldenCode): string {
  if (c.rewardType === 'coin') return t('promo.reward.coin', { amount: formatFen(c.amountFen ?? 0) });
  if (c.rewardType === 'item') return t('promo.reward.item', { name: c.itemName ?? `#${c.itemId}` });
  if (c.rewardType === 'box') return t('promo.reward.box', { name: c.boxName ?? `#${c.boxId}` });
  return t('promo.reward.coupon', {
    kind: t(`promo.couponType.${c.couponType ?? 0}` as PromotionsMessageId),
    pct: (c.discountBp ?? 0) / 100,
    min: formatFen(c.minSpendFen ?? 0),
  });
}

/** The create form: the server applies the CLI's rules; money is typed in yuan and sent in fen. */
function CreateCodeDialog({ onClose }: { onClose: () => void }) {
  const t = usePromotionsT();
  const create = useCreateGoldenCode();
  const [form, setForm] = useState({
    code: '',
    rewardType: 'coin' as (typeof REWARDS)[number],
    amount: '',
    itemId: '',
    boxId: '',
    couponType: '1',
    discountBp: '',
    minSpend: '',
    maxDiscount: '',
    maxUses: '100',
    days: '7',
    note: '',
  });
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const rewardField = form.rewardType === 'coupon' ? null : REWARD_FIELDS[form.rewardType];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reward =
      form.rewardType === 'coin'
        ? { amountFen: parseYuanToFen(form.amount) ?? form.amount }
        : form.rewardType === 'item'
          ? { itemId: form.itemId }
          : form.rewardType === 'box'
            ? { boxId: form.boxId }
            : {
                couponType: form.couponType,
                discountBp: form.discountBp,
                ...(form.minSpend ? { minSpendFen: parseYuanToFen(form.minSpend) ?? form.minSpend } : {}),
                maxDiscountFen: parseYuanToFen(form.maxDiscount) ?? form.maxDiscount,
              };
    create.mutate(
      {
        code: form.code.trim(),
        rewardType: form.rewardType,
        ...reward,
        maxUses: form.maxUses,
        days: form.days,
        note: form.note.trim(),
      },
      {
        // Above its approval threshold the code waits for a second operator (issue 24 §11).
        onSuccess: orApprovalRequested((made: AdminGoldenCode) => {
          void toast.success(t('promo.codes.created', { code: made.code }));
          onClose();
        }, onClose),
        onError: (e) => void toast.error(e.message),
      },
    );
  };
  return (
    <Dialog title={t('promo.codes.createTitle')} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <InputField
          label={t('promo.codes.code')}
          required
          minLength={6}
          maxLength={32}
          pattern="[A-Za-z0-9]{6,32}"
          value={form.code}
          onChange={(code) => set({ code })}
        />
        <Field label={t('promo.codes.rewardType')}>
          {(id) => (
            <select
              id={id}
              className={fieldClass}
              value={form.rewardType}
              onChange={(e) => set({ rewardType: e.target.value as (typeof REWARDS)[number] })}
            >
              {REWARDS.map((r) => (
                <option key={r} value={r}>
                  {t(`promo.codes.rewardType.${r}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {rewardField ? (
          <InputField
            key={rewardField.key}
            label={t(rewardField.label)}
            required
            inputMode={rewardField.inputMode}
            value={form[rewardField.key]}
            onChange={(v) => set({ [rewardField.key]: v })}
          />
        ) : null}
        {form.rewardType === 'coupon' ? (
          <CouponFields
            value={form}
            onChange={set}
            discountLabel={t('promo.codes.discount')}
            minSpendLabel={t('promo.codes.minSpend')}
            discountRequired
          />
        ) : null}
        <InputField
          label={t('promo.codes.maxUses')}
          required
          inputMode="numeric"
          value={form.maxUses}
          onChange={(maxUses) => set({ maxUses })}
        />
        <InputField label={t('promo.days')} required inputMode="numeric" value={form.days} onChange={(days) => set({ days })} />
        <InputField label={t('promo.codes.note')} maxLength={200} value={form.note} onChange={(note) => set({ note })} />
        <FormActions
          cancelLabel={t('promo.codes.cancel')}
          submitLabel={t('promo.codes.submit')}
          onCancel={onClose}
          disabled={create.isPending}
        />
      </form>
    </Dialog>
  );
}

function UsagePanel({ code, onClose }: { code: AdminGoldenCode; onClose: () => void }) {
  const t = usePromotionsT();
  const [page, setPage] = useState(1);
  const usage = useCodeRedemptions(code.id, page);
  const columns = useMemo<Array<AdminColumn<GoldenCodeRedemption>>>(
    () => [
      { header: t('promo.player'), accessorKey: 'userId' },
      { header: t('promo.codes.col.nickname'), cell: ({ row }) => row.original.nickname ?? '—' },
      { header: t('promo.codes.col.redeemedAt'), cell: ({ row }) => when(row.original.createdAt) },
    ],
    [t],
  );
  const title = t('promo.codes.usageTitle', { code: code.code });
  return (
    <Panel title={title} closeLabel={t('promo.codes.usageClose')} onClose={onClose}>
      <p className="text-sm text-slate-300">
        {rewardText(t, code)} · {code.usedCount}/{code.maxUses}
      </p>
      <PagedTable
        query={usage}
        columns={columns}
        onPage={setPage}
        texts={{ caption: title, empty: t('promo.codes.usageEmpty'), total: (n) => t('promo.total', { n }) }}
      />
    </Panel>
  );
}

/** Golden Codes: list with usage and state, create (the CLI's rules), disable or enable, who redeemed. */
export function GoldenCodesTab({ canWrite }: { canWrite: boolean }) {
  const t = usePromotionsT();
  const view = useListPage(useGoldenCodes, {
    q: '',
    state: 'all',
    rewardType: 'all',
    page: 1,
  });
  const toggle = useSetCodeDisabled();
  const [creating, setCreating] = useState(false);
  const [usageOf, setUsageOf] = useState<AdminGoldenCode | null>(null);

  const columns = useMemo<Array<AdminColumn<AdminGoldenCode>>>(
    () => [
      {
        header: t('promo.codes.col.code'),
        cell: ({ row }) => <span className="font-mono">{row.original.code}</span>,
      },
      { header: t('promo.codes.col.reward'), cell: ({ row }) => rewardText(t, row.original) },
      {
        header: t('promo.codes.col.uses'),
        cell: ({ row }) => `${row.original.usedCount}/${row.original.maxUses}`,
      },
      { header: t('promo.state'), cell: ({ row }) => t(`promo.codes.state.${row.original.state}`) },
      { header: t('promo.expires'), cell: ({ row }) => when(row.original.expiresAt) },
      { header: t('promo.codes.col.note'), cell: ({ row }) => row.original.note ?? '' },
      {
        header: t('promo.actions'),
        cell: ({ row }) => {
          const c = row.original;
          const off = c.disabledAt !== null;
          return (
            <div className="flex gap-1">
              <button type="button" className={smallButtonClass} onClick={() => setUsageOf(c)}>
                {t('promo.codes.usage')}
              </button>
              {canWrite ? (
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={toggle.isPending}
                  aria-label={`${t(off ? 'promo.codes.enable' : 'promo.codes.disable')} ${c.code}`}
                  onClick={() =>
                    toggle.mutate(
                      { id: c.id, disabled: !off },
                      toastResult(t(off ? 'promo.codes.enabled' : 'promo.codes.disabled', { code: c.code })),
                    )
                  }
                >
                  {t(off ? 'promo.codes.enable' : 'promo.codes.disable')}
                </button>
              ) : null}
            </div>
          );
        },
      },
    ],
    [t, canWrite, toggle],
  );

  return (
    <div className="flex flex-col gap-3">
      <ListView
        {...view}
        fields={[
          { search: 'q', label: t('promo.codes.search'), maxLength: 32, clean: (q) => q.replace(/[^A-Za-z0-9]/g, '') },
          {
            select: 'state',
            label: t('promo.state'),
            options: withAll('all', t('promo.allStates'), STATES, (s) => t(`promo.codes.state.${s}`)),
          },
          {
            select: 'rewardType',
            label: t('promo.codes.rewardType'),
            options: withAll('all', t('promo.codes.rewardType.all'), REWARDS, (r) => t(`promo.codes.rewardType.${r}`)),
          },
        ]}
        tools={
          <>
            {canWrite ? (
              <button type="button" className={primaryButtonClass} onClick={() => setCreating(true)}>
                {t('promo.codes.create')}
              </button>
            ) : null}
          </>
        }
        columns={columns}
        texts={{ caption: t('promo.tab.codes'), empty: t('promo.codes.empty'), total: (n) => t('promo.total', { n }) }}
      />
      {usageOf ? <UsagePanel key={usageOf.id} code={usageOf} onClose={() => setUsageOf(null)} /> : null}
      {creating ? <CreateCodeDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
