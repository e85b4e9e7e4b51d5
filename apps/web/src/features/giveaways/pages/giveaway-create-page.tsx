import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GIVEAWAY_MAX_DURATION_MS, GIVEAWAY_MIN_DURATION_MS } from '@skinfair/contract';
import { CheckboxField, FieldError, TextField } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoginPrompt } from '../../../shared/ui/login-required';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { useMoney } from '../../../shared/ui/price';
import { toast } from '../../../shared/ui/toast';
import { serverNow } from '../../../shared/time/server-clock';
import { useCreateGiveaway } from '../api/create-giveaway';
import { usePickableItems } from '../api/get-pickable-items';
import { ItemPicker } from '../components/item-picker';
import { createBody, emptyCreateForm, toLocalInput, validateCreate, type CreateField, type CreateForm } from '../create-form';

/**
 * /giveaways/create (issue 14): a room from my backpack items, held in escrow until the draw. The end time
 * lies between 10 minutes and 7 days ahead; the conditions are optional; a confirm step before sending.
 */
export default function GiveawayCreatePage() {
  const t = useT();
  const money = useMoney();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const items = usePickableItems(loggedIn);
  const create = useCreateGiveaway();
  const [form, setForm] = useState<CreateForm>(emptyCreateForm);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const now = serverNow();
  const errors = validateCreate(form, now);
  const shown = touched ? errors : {};
  const set =
    <K extends keyof CreateForm>(key: K) =>
    (value: CreateForm[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const err = (field: CreateField) => (shown[field] ? t(`giveaway.create.error.${shown[field]}`) : null);
  const picked = (items.data?.pageData ?? []).filter((i) => form.itemIds.includes(i.id));
  const total = picked.reduce((sum, i) => sum + i.recoveryPrice, 0);

  const onSubmit = () => {
    setTouched(true);
    if (Object.keys(errors).length === 0) setConfirming(true);
  };
  const onConfirm = () =>
    create.mutate(createBody(form), {
      onSuccess: (id) => {
        toast.success(t('giveaway.create.done'));
        void navigate(`/giveaways/${id}`);
      },
      // The client already toasted the server's refusal.
      onError: () => setConfirming(false),
    });

  const body = () => {
    if (!loggedIn) return <LoginPrompt />;
    if (items.isPending) return <PageFallback />;
    if (items.isError) return <EmptyState message={t('giveaway.loadFailed')} />;
    return (
      <form
        className="flex flex-col gap-5"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        data-testid="giveaway-create-form"
      >
        <section className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-4">
          <h2 className="font-semibold text-white">{t('giveaway.create.items')}</h2>
          {items.data.pageData.length === 0 ? (
            <EmptyState message={t('giveaway.create.noItems')} />
          ) : (
            <ItemPicker items={items.data.pageData} selected={form.itemIds} onChange={set('itemIds')} />
          )}
          <FieldError message={err('items')} />
        </section>
        <section className="grid gap-4 rounded-xl border border-line bg-panel p-4 md:grid-cols-2">
          <TextField label={t('giveaway.create.title')} value={form.title} onChange={set('title')} maxLength={40} error={err('title')} />
          <TextField
            label={t('giveaway.create.openTime')}
            type="datetime-local"
            value={form.openTime}
            onChange={set('openTime')}
            min={toLocalInput(now + GIVEAWAY_MIN_DURATION_MS)}
            max={toLocalInput(now + GIVEAWAY_MAX_DURATION_MS)}
            hint={t('giveaway.create.openTimeHint')}
            error={err('openTime')}
          />
          <div className="md:col-span-2">
            <TextField
              label={t('giveaway.create.remark')}
              value={form.remark}
              onChange={set('remark')}
              maxLength={200}
              error={err('remark')}
            />
          </div>
          <TextField
            label={t('giveaway.create.pwd')}
            value={form.pwd}
            onChange={set('pwd')}
            maxLength={32}
            autoComplete="off"
            hint={t('giveaway.create.pwdHint')}
            error={err('pwd')}
          />
          <TextField
            label={t('giveaway.create.minVipGrade')}
            type="number"
            min={0}
            max={10}
            value={form.minVipGrade}
            onChange={set('minVipGrade')}
            error={err('minVipGrade')}
          />
          <TextField
            label={t('giveaway.create.minDeposit')}
            inputMode="decimal"
            value={form.minDepositYuan}
            onChange={set('minDepositYuan')}
            hint={t('giveaway.create.minDepositHint')}
            error={err('minDeposit')}
          />
          <div className="grid grid-cols-2 gap-2">
            <TextField
              label={t('giveaway.create.depositStart')}
              type="datetime-local"
              value={form.depositStart}
              onChange={set('depositStart')}
              error={err('depositWindow')}
            />
            <TextField label={t('giveaway.create.depositEnd')} type="datetime-local" value={form.depositEnd} onChange={set('depositEnd')} />
          </div>
          <div className="md:col-span-2">
            <CheckboxField checked={form.requirePromotion} onChange={set('requirePromotion')} name="requirePromotion">
              {t('giveaway.create.requirePromotion')}
              <span className="block text-xs text-slate-500">{t('giveaway.create.requirePromotionHint')}</span>
            </CheckboxField>
          </div>
        </section>
        <div className="flex justify-end">
          <button
            type="submit"
            className="rounded-lg bg-accent-red px-6 py-2.5 font-semibold text-black hover:brightness-110"
            data-testid="giveaway-create-submit"
          >
            {t('giveaway.create.submit')}
          </button>
        </div>
        {confirming ? (
          <ConfirmDialog
            title={t('giveaway.create.confirmTitle')}
            onConfirm={onConfirm}
            onCancel={() => setConfirming(false)}
            busy={create.isPending}
            testId="giveaway-create-confirm"
          >
            {t('giveaway.create.confirmBody', { count: form.itemIds.length, amount: money(total) })}
          </ConfirmDialog>
        ) : null}
      </form>
    );
  };

  return <PageShell titleId="giveaway.create.pageTitle">{body()}</PageShell>;
}
