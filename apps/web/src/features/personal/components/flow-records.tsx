import { useId, useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { zhCN, type MessageId } from '../../../shared/i18n/zh-CN';
import { ListState, noRows } from '../../../shared/ui/list-state';
import { Pager } from '../../../shared/ui/pager';
import { useMoney } from '../../../shared/ui/price';
import { Segmented } from '../../../shared/ui/segmented';
import { useBalanceLog } from '../api/get-balance-log';
import { signedChange, toneClass } from '../personal-math';
import { formatDateTime } from '../../../shared/format/beijing-time';
import { formatPoints } from '../../../shared/format/money';

/** The ledger's action types a player can meet (the server labels each in Chinese). */
export const flowActions = [
  'deposit',
  'deposit_bonus',
  'vip_recharge_bonus',
  'vip_reward',
  'daily_topup_reward',
  'golden_code',
  'promotion_rebate',
  'case_open',
  'shop_buy',
  'item_exchange',
  'secondary_transfer',
  'demo_credit',
] as const;

const balanceTypes: { value: number; label: MessageId }[] = [
  { value: -1, label: 'flow.type.all' },
  { value: 0, label: 'summary.coins' },
  { value: 1, label: 'summary.points' },
  { value: 2, label: 'summary.secondary' },
];
const balanceTypeLabel: Record<number, MessageId> = { 0: 'summary.coins', 1: 'summary.points', 2: 'summary.secondary' };

/** The catalogue's label for a known action type (same words as the server in zh-CN), else the server's. */
export function useActionLabel(): (actionType: string, actionName: string) => string {
  const t = useT();
  return (actionType, actionName) => {
    const id = `flow.action.${actionType}`;
    return id in zhCN ? t(id as MessageId) : actionName;
  };
}

export const rowClass = 'flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-line bg-panel px-4 py-3 text-sm';

/** 流水记录: every movement of coins, points and secondary balance, signed, with the balance after. */
export function FlowRecords() {
  const t = useT();
  const money = useMoney();
  const actionLabel = useActionLabel();
  const selectId = useId();
  const [page, setPage] = useState(1);
  const [balanceType, setBalanceType] = useState(-1);
  const [actionType, setActionType] = useState('');
  const query = useBalanceLog({ page, balanceType, actionType });
  const { isPlaceholderData } = query;
  return (
    <div className="flex flex-col gap-4" data-testid="flow-records">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented<number>
          label={t('flow.balanceType')}
          size="sm"
          options={balanceTypes.map((b) => ({ value: b.value, label: t(b.label) }))}
          value={balanceType}
          onChange={(value) => {
            setBalanceType(value);
            setPage(1);
          }}
          testId="flow-balance-type"
        />
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-slate-400">
            {t('flow.actionType')}
          </label>
          <select
            id={selectId}
            value={actionType}
            onChange={(event) => {
              setActionType(event.target.value);
              setPage(1);
            }}
            className="rounded-lg border border-line bg-surface px-3 py-1.5 text-sm text-white focus:border-accent-orange focus:outline-none"
            data-testid="flow-action"
          >
            <option value="">{t('flow.type.all')}</option>
            {flowActions.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a, a)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListState query={query} isEmpty={noRows} empty={t('empty.records')} failed={t('common.loadFailed')}>
        {(data) => (
          <>
            <ul className={`flex flex-col gap-2 ${isPlaceholderData ? 'opacity-60' : ''}`} data-testid="flow-list">
              {data.pageData.map((r) => {
                // Points are not money: their rows carry no currency sign (issue 30 §8).
                const amount = r.balanceType === 1 ? formatPoints : money;
                const change = signedChange(r.changeAmount, amount);
                return (
                  <li key={`${r.id}-${r.balanceType}`} className={rowClass} data-testid="flow-row" data-action={r.actionType}>
                    <span className="min-w-24 font-medium text-white">{actionLabel(r.actionType, r.actionName)}</span>
                    <span className="rounded bg-panel-2 px-2 py-0.5 text-xs text-slate-300">
                      {t(balanceTypeLabel[r.balanceType] ?? 'summary.coins')}
                    </span>
                    <span className={`ms-auto font-semibold tabular-nums ${toneClass[change.tone]}`} data-testid="flow-change">
                      {change.text}
                    </span>
                    <span className="text-xs text-slate-400">{t('flow.after', { amount: amount(r.balanceAfter) })}</span>
                    <span className="basis-full text-xs text-slate-500 sm:basis-auto">{formatDateTime(r.createTime)}</span>
                  </li>
                );
              })}
            </ul>
            <Pager page={page} totalPages={data.totalPages} onPage={setPage} />
          </>
        )}
      </ListState>
    </div>
  );
}
