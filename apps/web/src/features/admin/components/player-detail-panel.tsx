import { useState, type ReactNode } from 'react';
import { formatFen, parseYuanToFen } from '@skinfair/contract';
import { Dialog } from '../../../shared/ui/dialog';
import { useAdminT, type AdminMessageId } from '../i18n/messages';
import { when } from './format';
import { QueryState } from './query-state';
import { usePlayerChange, usePlayerDetail, type PlayerChange } from '../api/players';
import { ReasonDialog } from './reason-dialog';
import { PlayerProtection } from './player-protection';
import { PlayerWithdrawalHolds } from './player-withdrawal-holds';
import { toastLimitedResult } from './limits/approval-result';
import { buttonClass } from './styles';
import { LabelledInput, LabelledSelect } from './labelled';

type Pending = 'freeze' | 'unfreeze' | 'endSessions' | 'adjust' | null;

/** Rows of plain cells: the detail's short lists (the first page of each; the player's pages hold the rest). */
function MiniTable({ caption, head, rows, empty }: { caption: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <div className="flex flex-col gap-1">
      <h3 className="font-semibold text-white">{caption}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-400">{empty}</p>
      ) : (
        <div className="overflow-x-auto rounded border border-line">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-panel-2 text-slate-300">
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, i) => (
                <tr key={i} className="border-t border-line text-slate-200">
                  {cells.map((cell, j) => (
                    <td key={j} className="px-2 py-1">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const balanceTypes: AdminMessageId[] = ['admin.players.coins', 'admin.players.points', 'admin.players.secondary'];

/** One player's view (issue 16 §6) with freeze, end sessions and balance adjustment behind a reason. */
export function PlayerDetailPanel({
  id,
  permissions,
  onClose,
}: {
  id: number;
  permissions: { write: boolean; adjust: boolean };
  onClose: () => void;
}) {
  const t = useAdminT();
  const detail = usePlayerDetail(id);
  const change = usePlayerChange();
  const [pending, setPending] = useState<Pending>(null);
  const [balance, setBalance] = useState<'coin' | 'point'>('coin');
  const [direction, setDirection] = useState<1 | -1>(1);
  const [amount, setAmount] = useState('');
  const amountFen = parseYuanToFen(amount);

  const run = (c: PlayerChange) =>
    change.mutate(
      c,
      toastLimitedResult(t('admin.players.saved'), () => {
        setPending(null);
        setAmount('');
      }),
    );

  const data = detail.data;
  const p = data?.player;
  return (
    <Dialog title={t('admin.players.detailTitle', { id })} onClose={onClose} wide>
      {detail.isError || !data || !p ? (
        <QueryState query={detail} />
      ) : (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
            <dt className="text-slate-400">{t('admin.players.col.nickname')}</dt>
            <dd>{p.nickname}</dd>
            <dt className="text-slate-400">{t('admin.players.col.status')}</dt>
            <dd>{t(`admin.players.status.${p.status}` as AdminMessageId)}</dd>
            <dt className="text-slate-400">{t('admin.players.coins')}</dt>
            <dd data-testid="player-coins">{formatFen(p.coinFen)}</dd>
            <dt className="text-slate-400">{t('admin.players.points')}</dt>
            <dd>{formatFen(p.pointFen)}</dd>
            <dt className="text-slate-400">{t('admin.players.secondary')}</dt>
            <dd>{formatFen(p.secondaryFen)}</dd>
            <dt className="text-slate-400">{t('admin.players.col.mobile')}</dt>
            <dd>{p.mobile ?? '—'}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            {permissions.write && p.status !== 'cancelled' ? (
              <button type="button" className={buttonClass} onClick={() => setPending(p.status === 'frozen' ? 'unfreeze' : 'freeze')}>
                {t(p.status === 'frozen' ? 'admin.players.unfreeze' : 'admin.players.freeze')}
              </button>
            ) : null}
            {permissions.write ? (
              <button type="button" className={buttonClass} disabled={data.sessions.length === 0} onClick={() => setPending('endSessions')}>
                {t('admin.players.endSessions')}
              </button>
            ) : null}
            {permissions.adjust ? (
              <button type="button" className={buttonClass} onClick={() => setPending('adjust')}>
                {t('admin.players.adjust')}
              </button>
            ) : null}
          </div>
          <MiniTable
            caption={t('admin.players.sessions')}
            head={['ID', 'IP', t('admin.players.lastSeen'), t('admin.players.createdAt')]}
            rows={data.sessions.map((s) => [s.id, s.ip ?? '—', when(s.lastSeenAt), when(s.createdAt)])}
            empty={t('admin.players.none')}
          />
          <MiniTable
            caption={t('admin.players.ledger')}
            head={[
              t('admin.players.when'),
              t('admin.players.kind'),
              t('admin.players.account'),
              t('admin.players.change'),
              t('admin.players.after'),
            ]}
            rows={data.ledger.map((l) => [
              when(l.at),
              l.label,
              t(balanceTypes[l.balanceType] ?? 'admin.players.coins'),
              `${l.changeFen > 0 ? '+' : ''}${formatFen(l.changeFen)}`,
              formatFen(l.balanceAfterFen),
            ])}
            empty={t('admin.players.none')}
          />
          <MiniTable
            caption={t('admin.players.items', { n: data.itemsTotal })}
            head={['ID', t('admin.players.item'), t('admin.players.state'), t('admin.players.value'), t('admin.players.createdAt')]}
            rows={data.items.map((i) => [i.id, i.name, i.state, formatFen(i.recoveryPriceFen), when(i.createdAt)])}
            empty={t('admin.players.none')}
          />
          <MiniTable
            caption={t('admin.players.rolls')}
            head={['ID', t('admin.players.box'), t('admin.players.item'), t('admin.players.paid'), t('admin.players.when')]}
            rows={data.rolls.map((r) => [r.id, r.boxName, r.itemName, formatFen(r.pricePaidFen), when(r.at)])}
            empty={t('admin.players.none')}
          />
          <MiniTable
            caption={t('admin.players.deposits')}
            head={[t('admin.players.order'), t('admin.players.value'), t('admin.players.state'), t('admin.players.when')]}
            rows={data.deposits.map((d) => [
              d.orderNo,
              formatFen(d.amountFen),
              t(`admin.players.deposit.${d.state}` as AdminMessageId),
              when(d.at),
            ])}
            empty={t('admin.players.none')}
          />
          <PlayerProtection protection={data.protection} />
          <PlayerWithdrawalHolds playerId={id} holds={data.withdrawalHolds} canRelease={permissions.write} />
        </div>
      )}
      {pending === 'freeze' || pending === 'unfreeze' ? (
        <ReasonDialog
          title={t(pending === 'freeze' ? 'admin.players.freezeTitle' : 'admin.players.unfreezeTitle', {
            id,
          })}
          confirmLabel={t(pending === 'freeze' ? 'admin.players.freeze' : 'admin.players.unfreeze')}
          busy={change.isPending}
          onClose={() => setPending(null)}
          onConfirm={(reason) => run({ kind: 'freeze', id, frozen: pending === 'freeze', reason })}
        >
          {pending === 'freeze' ? <p className="text-slate-300">{t('admin.players.freezeBody')}</p> : null}
        </ReasonDialog>
      ) : null}
      {pending === 'endSessions' ? (
        <ReasonDialog
          title={t('admin.players.endSessionsTitle', { id })}
          confirmLabel={t('admin.players.endSessions')}
          busy={change.isPending}
          onClose={() => setPending(null)}
          onConfirm={(reason) => run({ kind: 'endSessions', id, reason })}
        />
      ) : null}
      {pending === 'adjust' ? (
        <ReasonDialog
          title={t('admin.players.adjustTitle', { id })}
          confirmLabel={t('admin.players.adjust')}
          busy={change.isPending}
          ready={amountFen !== null && amountFen > 0}
          onClose={() => setPending(null)}
          onConfirm={(reason) =>
            amountFen !== null && run({ kind: 'adjustBalance', id, balance, amountFen: direction * amountFen, reason })
          }
        >
          <div className="flex flex-wrap gap-2">
            <LabelledSelect label={t('admin.players.account')} value={balance} onChange={(v) => setBalance(v as 'coin' | 'point')}>
              <option value="coin">{t('admin.players.coins')}</option>
              <option value="point">{t('admin.players.points')}</option>
            </LabelledSelect>
            <LabelledSelect label={t('admin.players.direction')} value={direction} onChange={(v) => setDirection(Number(v) as 1 | -1)}>
              <option value={1}>{t('admin.players.credit')}</option>
              <option value={-1}>{t('admin.players.debit')}</option>
            </LabelledSelect>
            <LabelledInput label={t('admin.players.amount')} inputMode="decimal" value={amount} onChange={setAmount} />
          </div>
          <p className="text-xs text-slate-400">{t('admin.players.adjustHint')}</p>
        </ReasonDialog>
      ) : null}
    </Dialog>
  );
}
