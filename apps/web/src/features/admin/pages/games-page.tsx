import { useEffect, useMemo, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  formatFen,
  parseYuanToFen,
  roleHasPermission,
  type AdminBattle,
  type AdminBot,
  type AdminGiveaway,
  type DreamSettings,
} from '@skinfair/contract';
import { Dialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toast';
import { useAdminT } from '../i18n/messages';
import { useGamesT, type GamesMessageId } from '../i18n/games-messages';
import { useAdminMe } from '../api/session';
import {
  useAdminBattle,
  useAdminBattles,
  useAdminBots,
  useAdminGiveaway,
  useAdminGiveaways,
  useCancelBattle,
  useCancelGiveaway,
  useCreateOfficialGiveaway,
  useDreamSettings,
  useGiveawayStock,
  useSaveDreamSettings,
  useUpdateBot,
  type BattleFilters,
  type GiveawayFilters,
} from '../api/games';
import { DataTable, type AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { useListFilters } from '../components/use-list-filters';
import { ReasonDialog } from '../components/reason-dialog';
import { DateFilter, FilterBar, SearchFilter, SelectFilter } from '../components/filter-bar';
import { buttonClass, fieldClass, primaryButtonClass, smallButtonClass } from '../components/styles';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const TABS = ['battles', 'giveaways', 'dream', 'bots'] as const;
type Tab = (typeof TABS)[number];
const BATTLE_STATES = ['waiting', 'running', 'ended', 'cancelled', 'voided'] as const;
const GIVEAWAY_STATES = ['running', 'ended', 'cancelled'] as const;
const GIVEAWAY_KINDS = ['official', 'streamer', 'own'] as const;

function useCanWrite(): boolean {
  const me = useAdminMe();
  return me.data ? roleHasPermission(me.data.role, 'games.write') : false;
}

function Loading({ query }: { query: { isError: boolean; error: Error | null; data: unknown } }) {
  const at = useAdminT();
  if (query.isError)
    return (
      <p role="alert" className="text-red-400">
        {at('admin.loadFailed')}: {query.error?.message}
      </p>
    );
  return (
    <p role="status" className="text-slate-400">
      {at('admin.loading')}
    </p>
  );
}

function PanelHeader({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const t = useGamesT();
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="flex gap-2">
        {children}
        <button type="button" className={smallButtonClass} onClick={onClose}>
          {t('games.close')}
        </button>
      </div>
    </div>
  );
}

// ---- battles -------------------------------------------------------------------------------------------

function BattleDetailPanel({
  id,
  onClose,
  onCancel,
}: {
  id: number;
  onClose: () => void;
  onCancel: (() => void) | null;
}) {
  const t = useGamesT();
  const detail = useAdminBattle(id);
  if (!detail.data) return <Loading query={detail} />;
  const { battle, boxes, seats, rolls } = detail.data;
  return (
    <section
      aria-label={t('battles.detail.title', { id })}
      className="flex flex-col gap-3 rounded border border-line bg-panel p-4"
    >
      <PanelHeader title={t('battles.detail.title', { id })} onClose={onClose}>
        {onCancel && battle.cancellable ? (
          <button type="button" className={smallButtonClass} onClick={onCancel}>
            {t('games.cancel')}
          </button>
        ) : null}
      </PanelHeader>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-400">{t('battles.state')}</dt>
        <dd>{t(`battles.state.${battle.state}` as GamesMessageId)}</dd>
        <dt className="text-slate-400">{t('battles.mode')}</dt>
        <dd>{t(`battles.mode.${battle.mode}` as GamesMessageId)}</dd>
        <dt className="text-slate-400">{t('battles.col.entry')}</dt>
        <dd>{formatFen(battle.entryPriceFen)}</dd>
        <dt className="text-slate-400">{t('battles.detail.hash')}</dt>
        <dd className="break-all font-mono text-xs">{detail.data.publicHash}</dd>
        <dt className="text-slate-400">{t('battles.detail.round.target')}</dt>
        <dd>{detail.data.targetRound ?? '—'}</dd>
      </dl>
      {detail.data.refundedCoinFen + detail.data.refundedPointFen > 0 ? (
        <p className="rounded bg-amber-900/40 p-2 text-sm text-amber-200">
          {t('battles.detail.refunded', {
            coin: formatFen(detail.data.refundedCoinFen),
            point: formatFen(detail.data.refundedPointFen),
          })}
        </p>
      ) : null}
      <h3 className="font-semibold">{t('battles.detail.boxes')}</h3>
      <ol className="list-inside list-decimal text-sm">
        {boxes.map((b) => (
          <li key={b.round}>
            {b.boxName} · {formatFen(b.priceFen)} · v{b.version}
          </li>
        ))}
      </ol>
      <h3 className="font-semibold">{t('battles.detail.seats')}</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {seats.map((s) => (
          <li key={s.seat}>
            {t('battles.detail.seat', { n: s.seat })} ·{' '}
            {s.botId !== null ? `${t('battles.detail.bot')} ${s.nickname}` : `${s.nickname} (${s.userId})`} ·{' '}
            {t('battles.detail.paid', { coin: formatFen(s.coinFen), point: formatFen(s.pointFen) })} ·{' '}
            {t('battles.detail.total', { total: formatFen(s.totalFen) })}
            {s.winner ? (
              <strong className="ml-2 text-accent-orange">{t('battles.detail.winner')}</strong>
            ) : null}
          </li>
        ))}
      </ul>
      <h3 className="font-semibold">{t('battles.detail.rolls')}</h3>
      {rolls.length === 0 ? (
        <p className="text-sm text-slate-400">{t('battles.detail.noRolls')}</p>
      ) : (
        <ul className="text-sm">
          {rolls.map((r) => (
            <li key={`${r.round}-${r.seat}`}>
              {t('battles.detail.round', { n: r.round })} · {t('battles.detail.seat', { n: r.seat })} ·{' '}
              {r.rollCode} · {r.itemName} · {formatFen(r.valueFen)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BattlesTab() {
  const t = useGamesT();
  const canWrite = useCanWrite();
  const { filters, set, setPage } = useListFilters<BattleFilters>({
    state: 'all',
    mode: -1,
    playerId: '',
    from: '',
    to: '',
    page: 1,
  });
  const list = useAdminBattles(filters);
  const cancel = useCancelBattle();
  const [open, setOpen] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const columns = useMemo<Array<AdminColumn<AdminBattle>>>(
    () => [
      { header: t('battles.col.id'), accessorKey: 'id' },
      { header: t('battles.col.title'), accessorKey: 'title' },
      {
        header: t('battles.mode'),
        cell: ({ row }) => t(`battles.mode.${row.original.mode}` as GamesMessageId),
      },
      {
        header: t('battles.state'),
        cell: ({ row }) => t(`battles.state.${row.original.state}` as GamesMessageId),
      },
      {
        header: t('battles.col.seats'),
        cell: ({ row }) => `${row.original.seatsTaken}/${row.original.seats}`,
      },
      { header: t('battles.col.entry'), cell: ({ row }) => formatFen(row.original.entryPriceFen) },
      { header: t('battles.col.creator'), accessorKey: 'creatorId' },
      { header: t('battles.col.created'), cell: ({ row }) => when(row.original.createdAt) },
      {
        header: t('games.actions'),
        cell: ({ row }) => (
          <button type="button" className={smallButtonClass} onClick={() => setOpen(row.original.id)}>
            {t('games.view')}
          </button>
        ),
      },
    ],
    [t],
  );
  return (
    <div className="flex flex-col gap-4">
      <FilterBar>
        <SelectFilter
          label={t('battles.state')}
          value={filters.state}
          options={[
            { value: 'all' as const, label: t('battles.allStates') },
            ...BATTLE_STATES.map((s) => ({ value: s, label: t(`battles.state.${s}`) })),
          ]}
          onChange={(state) => set({ state })}
        />
        <SelectFilter
          label={t('battles.mode')}
          value={filters.mode}
          options={[
            { value: -1, label: t('battles.allModes') },
            { value: 0, label: t('battles.mode.0') },
            { value: 1, label: t('battles.mode.1') },
          ]}
          onChange={(mode) => set({ mode })}
        />
        <SearchFilter
          label={t('battles.player')}
          value={filters.playerId}
          numeric
          maxLength={16}
          onChange={(playerId) => set({ playerId })}
        />
        <DateFilter label={t('games.from')} value={filters.from} onChange={(from) => set({ from })} />
        <DateFilter label={t('games.to')} value={filters.to} onChange={(to) => set({ to })} />
      </FilterBar>
      <PagedTable
        query={list}
        caption={t('games.tab.battles')}
        columns={columns}
        empty={t('battles.empty')}
        onPage={setPage}
        total={(n) => t('games.total', { n })}
      />
      {open !== null ? (
        <BattleDetailPanel
          id={open}
          onClose={() => setOpen(null)}
          onCancel={canWrite ? () => setCancelling(open) : null}
        />
      ) : null}
      {cancelling !== null ? (
        <ReasonDialog
          title={t('battles.cancelTitle', { id: cancelling })}
          confirmLabel={t('games.cancel')}
          busy={cancel.isPending}
          onClose={() => setCancelling(null)}
          onConfirm={(reason) =>
            cancel.mutate(
              { id: cancelling, reason },
              {
                onSuccess: () => {
                  setCancelling(null);
                  void toast.success(t('battles.cancelDone'));
                },
                onError: (e) => void toast.error(e.message),
              },
            )
          }
        >
          <p className="text-sm text-slate-300">{t('battles.cancelBody')}</p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}

// ---- giveaways -----------------------------------------------------------------------------------------

function GiveawayDetailPanel({
  id,
  onClose,
  onCancel,
}: {
  id: number;
  onClose: () => void;
  onCancel: (() => void) | null;
}) {
  const t = useGamesT();
  const detail = useAdminGiveaway(id);
  if (!detail.data) return <Loading query={detail} />;
  const { giveaway: g, conditions: c, prizes } = detail.data;
  const conditions = [
    g.private ? t('giveaways.detail.password') : null,
    c.minDepositFen > 0 ? t('giveaways.detail.minDeposit', { amount: formatFen(c.minDepositFen) }) : null,
    c.depositStart || c.depositEnd
      ? t('giveaways.detail.window', { from: when(c.depositStart), to: when(c.depositEnd) })
      : null,
    c.minVipGrade > 0 ? t('giveaways.detail.vip', { grade: c.minVipGrade }) : null,
    c.promotionUserId !== null ? t('giveaways.detail.promotion', { id: c.promotionUserId }) : null,
  ].filter((x): x is string => x !== null);
  return (
    <section
      aria-label={t('giveaways.detail.title', { id })}
      className="flex flex-col gap-3 rounded border border-line bg-panel p-4"
    >
      <PanelHeader title={t('giveaways.detail.title', { id })} onClose={onClose}>
        {onCancel && g.cancellable ? (
          <button type="button" className={smallButtonClass} onClick={onCancel}>
            {t('games.cancel')}
          </button>
        ) : null}
      </PanelHeader>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-400">{t('giveaways.col.title')}</dt>
        <dd>{g.title}</dd>
        <dt className="text-slate-400">{t('giveaways.kind')}</dt>
        <dd>{t(`giveaways.kind.${g.kind}`)}</dd>
        <dt className="text-slate-400">{t('giveaways.state')}</dt>
        <dd>{t(`giveaways.state.${g.state}`)}</dd>
        <dt className="text-slate-400">{t('giveaways.col.open')}</dt>
        <dd>{when(g.openTime)}</dd>
        <dt className="text-slate-400">{t('giveaways.col.entries')}</dt>
        <dd>{g.entryCount}</dd>
        <dt className="text-slate-400">{t('giveaways.detail.remark')}</dt>
        <dd>{detail.data.remark || '—'}</dd>
        <dt className="text-slate-400">{t('giveaways.detail.conditions')}</dt>
        <dd>{conditions.length ? conditions.join('；') : t('giveaways.detail.none')}</dd>
      </dl>
      <h3 className="font-semibold">{t('giveaways.detail.prizes')}</h3>
      <ol className="list-inside list-decimal text-sm">
        {prizes.map((p) => (
          <li key={p.position}>
            {p.itemName} · {formatFen(p.valueFen)} ·{' '}
            {p.source === 'stock'
              ? t('giveaways.detail.source.stock', { id: p.stockId ?? '' })
              : t('giveaways.detail.source.escrow')}
            {p.winnerUserId !== null
              ? ` · ${t('giveaways.detail.winner', { id: p.winnerUserId, no: p.winnerEntryNo ?? '' })}`
              : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** datetime-local value (local time) for a moment `minutes` from now. */
const localInput = (minutes: number) => {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOfLocal = (value: string) => (value ? new Date(value).toISOString() : '');

function NewGiveawayDialog({ onClose }: { onClose: () => void }) {
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
      {
        onSuccess: () => {
          void toast.success(t('giveaways.created'));
          onClose();
        },
        onError: (e) => void toast.error(e.message),
      },
    );
  };
  const label = 'flex flex-col gap-1 text-sm text-slate-200';
  return (
    <Dialog title={t('giveaways.new')} onClose={onClose} variant="sheet">
      <form onSubmit={submit} className="flex max-h-[75vh] flex-col gap-3 overflow-y-auto">
        <label className={label}>
          {t('giveaways.form.title')}
          <input
            className={fieldClass}
            value={title}
            maxLength={40}
            required
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label className={label}>
          {t('giveaways.form.remark')}
          <textarea
            className={fieldClass}
            value={remark}
            maxLength={200}
            rows={2}
            onChange={(e) => setRemark(e.target.value)}
          />
        </label>
        <label className={label}>
          {t('giveaways.form.banner')}
          <input
            className={fieldClass}
            value={banner}
            maxLength={300}
            onChange={(e) => setBanner(e.target.value)}
          />
        </label>
        <label className={label}>
          {t('giveaways.form.openTime')}
          <input
            type="datetime-local"
            className={fieldClass}
            value={openTime}
            required
            onChange={(e) => setOpenTime(e.target.value)}
          />
        </label>
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
            <Loading query={stock} />
          )}
          {picked.length === 0 ? (
            <p className="text-xs text-slate-400">{t('giveaways.form.noPrizes')}</p>
          ) : null}
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
        <label className={label}>
          {t('giveaways.form.password')}
          <input
            className={fieldClass}
            value={password}
            maxLength={32}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <label className={label}>
          {t('giveaways.form.minDeposit')}
          <input
            className={fieldClass}
            inputMode="decimal"
            value={minDeposit}
            onChange={(e) => setMinDeposit(e.target.value)}
          />
        </label>
        <label className={label}>
          {t('giveaways.form.depositStart')}
          <input
            type="datetime-local"
            className={fieldClass}
            value={depositStart}
            onChange={(e) => setDepositStart(e.target.value)}
          />
        </label>
        <label className={label}>
          {t('giveaways.form.depositEnd')}
          <input
            type="datetime-local"
            className={fieldClass}
            value={depositEnd}
            onChange={(e) => setDepositEnd(e.target.value)}
          />
        </label>
        <label className={label}>
          {t('giveaways.form.vip')}
          <input
            type="number"
            min={0}
            max={10}
            className={fieldClass}
            value={vip}
            onChange={(e) => setVip(e.target.value)}
          />
        </label>
        <label className={label}>
          {t('giveaways.form.promotion')}
          <input
            className={fieldClass}
            inputMode="numeric"
            value={promotion}
            onChange={(e) => setPromotion(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={onClose}>
            {t('giveaways.form.cancel')}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={!ready || create.isPending}>
            {t('giveaways.form.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function GiveawaysTab() {
  const t = useGamesT();
  const canWrite = useCanWrite();
  const { filters, set, setPage } = useListFilters<GiveawayFilters>({
    state: 'all',
    kind: 'all',
    creatorId: '',
    from: '',
    to: '',
    page: 1,
  });
  const list = useAdminGiveaways(filters);
  const cancel = useCancelGiveaway();
  const [open, setOpen] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const columns = useMemo<Array<AdminColumn<AdminGiveaway>>>(
    () => [
      { header: t('giveaways.col.id'), accessorKey: 'id' },
      { header: t('giveaways.col.title'), accessorKey: 'title' },
      { header: t('giveaways.kind'), cell: ({ row }) => t(`giveaways.kind.${row.original.kind}`) },
      { header: t('giveaways.state'), cell: ({ row }) => t(`giveaways.state.${row.original.state}`) },
      { header: t('giveaways.col.open'), cell: ({ row }) => when(row.original.openTime) },
      { header: t('giveaways.col.prizes'), accessorKey: 'prizeCount' },
      { header: t('giveaways.col.pool'), cell: ({ row }) => formatFen(row.original.poolValueFen) },
      { header: t('giveaways.col.entries'), accessorKey: 'entryCount' },
      {
        header: t('games.actions'),
        cell: ({ row }) => (
          <button type="button" className={smallButtonClass} onClick={() => setOpen(row.original.id)}>
            {t('games.view')}
          </button>
        ),
      },
    ],
    [t],
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <FilterBar>
          <SelectFilter
            label={t('giveaways.state')}
            value={filters.state}
            options={[
              { value: 'all' as const, label: t('giveaways.allStates') },
              ...GIVEAWAY_STATES.map((s) => ({ value: s, label: t(`giveaways.state.${s}`) })),
            ]}
            onChange={(state) => set({ state })}
          />
          <SelectFilter
            label={t('giveaways.kind')}
            value={filters.kind}
            options={[
              { value: 'all' as const, label: t('giveaways.allKinds') },
              ...GIVEAWAY_KINDS.map((k) => ({ value: k, label: t(`giveaways.kind.${k}`) })),
            ]}
            onChange={(kind) => set({ kind })}
          />
          <SearchFilter
            label={t('giveaways.creator')}
            value={filters.creatorId}
            numeric
            maxLength={16}
            onChange={(creatorId) => set({ creatorId })}
          />
          <DateFilter label={t('games.from')} value={filters.from} onChange={(from) => set({ from })} />
          <DateFilter label={t('games.to')} value={filters.to} onChange={(to) => set({ to })} />
        </FilterBar>
        {canWrite ? (
          <button type="button" className={primaryButtonClass} onClick={() => setCreating(true)}>
            {t('giveaways.new')}
          </button>
        ) : null}
      </div>
      <PagedTable
        query={list}
        caption={t('games.tab.giveaways')}
        columns={columns}
        empty={t('giveaways.empty')}
        onPage={setPage}
        total={(n) => t('games.total', { n })}
      />
      {open !== null ? (
        <GiveawayDetailPanel
          id={open}
          onClose={() => setOpen(null)}
          onCancel={canWrite ? () => setCancelling(open) : null}
        />
      ) : null}
      {creating ? <NewGiveawayDialog onClose={() => setCreating(false)} /> : null}
      {cancelling !== null ? (
        <ReasonDialog
          title={t('giveaways.cancelTitle', { id: cancelling })}
          confirmLabel={t('games.cancel')}
          busy={cancel.isPending}
          onClose={() => setCancelling(null)}
          onConfirm={(reason) =>
            cancel.mutate(
              { id: cancelling, reason },
              {
                onSuccess: () => {
                  setCancelling(null);
                  void toast.success(t('giveaways.cancelDone'));
                },
                onError: (e) => void toast.error(e.message),
              },
            )
          }
        >
          <p className="text-sm text-slate-300">{t('giveaways.cancelBody')}</p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}

// ---- dream ---------------------------------------------------------------------------------------------

const DREAM_FIELDS: Array<{ key: keyof DreamSettings; label: GamesMessageId; min: number; max: number }> = [
  { key: 'minProbability', label: 'dream.minProbability', min: 1, max: 100_000 },
  { key: 'maxProbability', label: 'dream.maxProbability', min: 1, max: 100_000 },
  { key: 'returnRateBp', label: 'dream.returnRate', min: 1_000, max: 10_000 },
  { key: 'minTargetPriceFen', label: 'dream.minTarget', min: 1, max: 1_000_000_000 },
  { key: 'maxTargetPriceFen', label: 'dream.maxTarget', min: 1, max: 1_000_000_000 },
];
type DreamDraft = Record<keyof DreamSettings, string>;
const draftOf = (s: DreamSettings): DreamDraft =>
  Object.fromEntries(DREAM_FIELDS.map((f) => [f.key, String(s[f.key])])) as DreamDraft;

function DreamTab() {
  const t = useGamesT();
  const canWrite = useCanWrite();
  const settings = useDreamSettings();
  const save = useSaveDreamSettings();
  const [draft, setDraft] = useState<DreamDraft | null>(null);
  useEffect(() => {
    if (settings.data && draft === null) setDraft(draftOf(settings.data.current));
  }, [settings.data, draft]);
  if (!settings.data || !draft) return <Loading query={settings} />;
  const values = Object.fromEntries(DREAM_FIELDS.map((f) => [f.key, Number(draft[f.key])])) as DreamSettings;
  const inRange = DREAM_FIELDS.every(
    (f) => /^\d+$/.test(draft[f.key]) && values[f.key] >= f.min && values[f.key] <= f.max,
  );
  const ordered =
    values.minProbability <= values.maxProbability && values.minTargetPriceFen <= values.maxTargetPriceFen;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!inRange || !ordered || save.isPending) return;
    save.mutate(values, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved.current));
        void toast.success(t('dream.saved'));
      },
      onError: (e) => void toast.error(e.message),
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('dream.title')} className="flex max-w-xl flex-col gap-3">
      <p className="text-sm text-slate-300">
        {settings.data.overridden
          ? t('dream.overridden', { at: when(settings.data.updatedAt) })
          : t('dream.fromEnv')}
      </p>
      {DREAM_FIELDS.map((f) => (
        <div key={f.key} className="flex flex-col gap-1 text-sm text-slate-200">
          <label htmlFor={`dream-${f.key}`}>{t(f.label)}</label>
          <input
            id={`dream-${f.key}`}
            aria-describedby={`dream-${f.key}-default`}
            type="number"
            className={fieldClass}
            min={f.min}
            max={f.max}
            step={1}
            required
            disabled={!canWrite}
            value={draft[f.key]}
            onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
          />
          <span id={`dream-${f.key}-default`} className="text-xs text-slate-400">
            {t('dream.default', { value: settings.data!.defaults[f.key] })}
          </span>
        </div>
      ))}
      {!ordered ? (
        <p role="alert" className="text-sm text-red-400">
          {t('dream.minAboveMax')}
        </p>
      ) : null}
      <p className="text-xs text-slate-400">{t('dream.hint')}</p>
      {canWrite ? (
        <div className="flex gap-2">
          <button
            type="submit"
            className={primaryButtonClass}
            disabled={!inRange || !ordered || save.isPending}
          >
            {t('dream.save')}
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() => setDraft(draftOf(settings.data!.defaults))}
          >
            {t('dream.reset')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

// ---- bots ----------------------------------------------------------------------------------------------

function BotDialog({ bot, onClose }: { bot: AdminBot; onClose: () => void }) {
  const t = useGamesT();
  const update = useUpdateBot();
  const [nickname, setNickname] = useState(bot.nickname);
  const [headPic, setHeadPic] = useState(bot.headPic ?? '');
  const ready = nickname.trim().length >= 2 && nickname.trim().length <= 16;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || update.isPending) return;
    update.mutate(
      { id: bot.id, nickname: nickname.trim(), ...(headPic.trim() ? { headPic: headPic.trim() } : {}) },
      {
        onSuccess: () => {
          void toast.success(t('bots.saved'));
          onClose();
        },
        onError: (e) => void toast.error(e.message),
      },
    );
  };
  return (
    <Dialog title={t('bots.editTitle', { id: bot.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('bots.nickname')}
          <input
            className={fieldClass}
            value={nickname}
            maxLength={16}
            required
            onChange={(e) => setNickname(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('bots.avatar')}
          <input
            className={fieldClass}
            value={headPic}
            maxLength={300}
            onChange={(e) => setHeadPic(e.target.value)}
          />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={onClose}>
            {t('bots.cancel')}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={!ready || update.isPending}>
            {t('bots.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function BotsTab() {
  const t = useGamesT();
  const canWrite = useCanWrite();
  const bots = useAdminBots();
  const update = useUpdateBot();
  const [editing, setEditing] = useState<AdminBot | null>(null);
  const columns = useMemo<Array<AdminColumn<AdminBot>>>(
    () => [
      { header: t('bots.col.id'), accessorKey: 'id' },
      { header: t('bots.col.nickname'), accessorKey: 'nickname' },
      { header: t('bots.col.avatar'), cell: ({ row }) => row.original.headPic ?? '—' },
      {
        header: t('bots.col.enabled'),
        cell: ({ row }) => (row.original.enabled ? t('games.yes') : t('games.no')),
      },
      {
        header: t('bots.col.record'),
        cell: ({ row }) => t('bots.record', { played: row.original.played, won: row.original.won }),
      },
      { header: t('bots.col.profit'), cell: ({ row }) => formatFen(row.original.profitFen) },
      {
        header: t('games.actions'),
        cell: ({ row }) =>
          canWrite ? (
            <div className="flex gap-1">
              <button type="button" className={smallButtonClass} onClick={() => setEditing(row.original)}>
                {t('bots.edit')}
              </button>
              <button
                type="button"
                className={smallButtonClass}
                disabled={update.isPending}
                onClick={() =>
                  update.mutate(
                    { id: row.original.id, enabled: !row.original.enabled },
                    {
                      onSuccess: () => void toast.success(t('bots.saved')),
                      onError: (e) => void toast.error(e.message),
                    },
                  )
                }
              >
                {row.original.enabled ? t('bots.disable') : t('bots.enable')}
              </button>
            </div>
          ) : null,
      },
    ],
    [t, canWrite, update],
  );
  if (!bots.data) return <Loading query={bots} />;
  return (
    <div className="flex flex-col gap-4">
      <DataTable caption={t('bots.title')} columns={columns} data={bots.data} empty={t('bots.empty')} />
      {editing ? <BotDialog bot={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

// ---- page ----------------------------------------------------------------------------------------------

/** Issue 16 §9: battles and giveaways monitors (cancel with refunds, official giveaways), dream settings, bots. */
export default function GamesPage() {
  const t = useGamesT();
  const [tab, setTab] = useState<Tab>('battles');
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setTab(next);
    document.getElementById(`games-tab-${next}`)?.focus();
  };
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('games.title')}</h1>
      <div
        role="tablist"
        aria-label={t('games.tabs')}
        className="flex gap-2 border-b border-line"
        onKeyDown={onKey}
      >
        {TABS.map((name) => (
          <button
            key={name}
            id={`games-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`games-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={`px-3 py-2 text-sm ${tab === name ? 'border-b-2 border-accent-orange text-white' : 'text-slate-400'}`}
            onClick={() => setTab(name)}
          >
            {t(`games.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`games-panel-${tab}`} aria-labelledby={`games-tab-${tab}`}>
        {tab === 'battles' ? <BattlesTab /> : null}
        {tab === 'giveaways' ? <GiveawaysTab /> : null}
        {tab === 'dream' ? <DreamTab /> : null}
        {tab === 'bots' ? <BotsTab /> : null}
      </div>
    </section>
  );
}
