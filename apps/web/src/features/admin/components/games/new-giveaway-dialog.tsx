import { useEffect, useState, type FormEvent } from 'react';
import { formatFen, parseYuanToFen } from '@skinfair/contract';
import { Dialog } from '../../../../shared/ui/dialog';
import { toastLimitedResult } from '../limits/approval-result';
import { useGamesT } from '../../i18n/games-messages';
import { useCreateOfficialGiveaway, useGiveawayStock } from '../../api/games';
import { SelectFilter } from '../filter-bar';
import { QueryState } from '../query-state';
import { buttonClass, fieldClass, smallButtonClass } from '../styles';
import { FormActions } from '../form-actions';
import { LabelledInput, labelClass } from '../labelled';

/** datetime-local value (local time) for a moment `minutes` from now. */
const localInput = (minutes: number) => {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOfLocal = (value: string) => (value ? new Date(value).toISOString() : '');

/** An official giveaway: prizes from the giveaway stock, the open time and the entry conditions. */
export function NewGiveawayDialog({ onClose }: { onClose: () => void }) {
  const t = useGamesT();
  const stock = useGiveawayStock(true);
  const create = useCreateOfficialGiveaway();
  const [title, setTitle] = useState('');
  const [remark, setRemark] = useState('');
  const [banner, setBanner] = useState('');
  const [openTime, setOpenTime] = useState(() => localInput(60));
  const [picked, setPicked] = useState<number[]>([]);
  const [line, setLine] = useState<number | null>(null);
  const [password, setPassword] = useState('');
  const [minDeposit, setMinDeposit] = useState('0');
  const [depositStart, setDepositStart] = useState('');
  const [depositEnd, setDepositEnd] = useState('');
  const [vip, setVip] = useState('0');
  const [promotion, setPromotion] = useState('');
  useEffect(() => {
    if (line === null && stock.data?.[0]) setLine(stock.data[0].stockId);
  }, [line, stock.data]);
  const minDepositFen = parseYuanToFen(minDeposit);
  const ready = title.trim().length >= 2 && picked.length > 0 && openTime !== '' && minDepositFen !== null;
  const lineName = (id: number) => stock.data?.find((s) => s.stockId === id)?.itemName ?? `#${id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || create.isPending) return;
    create.mutate(
      {
        title: title.trim(),
        remark: remark.trim(),
        banner: banner.trim(),
        openTime: isoOfLocal(openTime),
        stockIds: picked.join(','),
        password,
        minDepositFen: minDepositFen ?? 0,
        depositStart: isoOfLocal(depositStart),
        depositEnd: isoOfLocal(depositEnd),
        minVipGrade: Number(vip) || 0,
        promotionUserId: promotion,
      },
      toastLimitedResult(t('giveaways.created'), onClose),
    );
  };
  return (
    <Dialog title={t('giveaways.new')} onClose={onClose} variant="sheet">
      <form onSubmit={submit} className="flex max-h-[75vh] flex-col gap-3 overflow-y-auto">
        <LabelledInput label={t('giveaways.form.title')} value={title} maxLength={40} required onChange={setTitle} />
        <label className={labelClass}>
          {t('giveaways.form.remark')}
          <textarea className={fieldClass} value={remark} maxLength={200} rows={2} onChange={(e) => setRemark(e.target.value)} />
        </label>
        <LabelledInput label={t('giveaways.form.banner')} value={banner} maxLength={300} onChange={setBanner} />
        <LabelledInput label={t('giveaways.form.openTime')} type="datetime-local" value={openTime} required onChange={setOpenTime} />
        <fieldset className="flex flex-col gap-2 rounded border border-line p-2">
          <legend className="px-1 text-sm text-slate-200">{t('giveaways.form.prizes')}</legend>
          {stock.data ? (
            <div className="flex flex-wrap items-end gap-2">
              <SelectFilter
                label={t('giveaways.form.stockLine')}
                value={line ?? 0}
                options={stock.data.map((s) => ({
                  value: s.stockId,
                  label: t('giveaways.form.stockOption', {
                    name: s.itemName,
                    value: formatFen(s.valueFen),
                    stock: s.stock,
                  }),
                }))}
                onChange={(v) => setLine(v)}
              />
              <button
                type="button"
                className={buttonClass}
                disabled={line === null}
                onClick={() => line !== null && setPicked([...picked, line])}
              >
                {t('giveaways.form.add')}
              </button>
            </div>
          ) : (
            <QueryState query={stock} />
          )}
          {picked.length === 0 ? <p className="text-xs text-slate-400">{t('giveaways.form.noPrizes')}</p> : null}
          <ol className="list-inside list-decimal text-sm">
            {picked.map((id, i) => (
              <li key={`${id}-${i}`}>
                {lineName(id)}{' '}
                <button
                  type="button"
                  className={smallButtonClass}
                  aria-label={t('giveaways.form.remove', { n: i + 1 })}
                  onClick={() => setPicked(picked.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
        </fieldset>
        <LabelledInput label={t('giveaways.form.password')} value={password} maxLength={32} onChange={setPassword} />
        <LabelledInput label={t('giveaways.form.minDeposit')} inputMode="decimal" value={minDeposit} onChange={setMinDeposit} />
        <LabelledInput label={t('giveaways.form.depositStart')} type="datetime-local" value={depositStart} onChange={setDepositStart} />
        <LabelledInput label={t('giveaways.form.depositEnd')} type="datetime-local" value={depositEnd} onChange={setDepositEnd} />
        <LabelledInput label={t('giveaways.form.vip')} type="number" min={0} max={10} value={vip} onChange={setVip} />
        <LabelledInput
          label={t('giveaways.form.promotion')}
          inputMode="numeric"
          value={promotion}
          onChange={(v) => setPromotion(v.replace(/\D/g, ''))}
        />
        <FormActions
          cancelLabel={t('giveaways.form.cancel')}
          submitLabel={t('giveaways.form.submit')}
          onCancel={onClose}
          disabled={!ready || create.isPending}
        />
      </form>
    </Dialog>
  );
}
