import { useState, type ReactNode } from 'react';
import type { DreamRecord, MyDreamLog } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { ItemImage } from '../../../shared/ui/item-image';
import { LoginPrompt } from '../../../shared/ui/login-required';
import { ListState, type ListQuery } from '../../../shared/ui/list-state';
import { Pager } from '../../../shared/ui/pager';
import { Price } from '../../../shared/ui/price';
import { Segmented } from '../../../shared/ui/segmented';
import { useDreamRecords } from '../api/get-dream-records';
import { useMyDreamLog } from '../api/get-my-dream-log';
import { formatDateTime } from '../../../shared/format/beijing-time';
import { VerifyLink } from '../../../shared/ui/verify-link';

/** One row with the spec §3 labels: target item, dream fee, roll code and its range, result, time (and verify). */
export interface RecordRow {
  id: number;
  player?: string;
  itemName: string;
  itemImage: string | null;
  itemPrice: number;
  grade: number;
  dreamFee: number;
  rollCode: number;
  rollCodeLow: number;
  rollCodeHigh: number;
  won: boolean;
  time: string;
  /** The owner's roll number, or anyone's share id: both open /provably-fair/verify/{…}. */
  verifyKey?: string;
}

const WON = 1;

/** On a phone each record is a card with every label, so nothing hides past the screen's edge. */
function RecordCards({ rows, withPlayer }: { rows: readonly RecordRow[]; withPlayer: boolean }) {
  const t = useT();
  return (
    <ul className="flex flex-col gap-2 sm:hidden">
      {rows.map((row) => (
        <li
          key={row.id}
          className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-1 rounded-lg border border-line p-3 text-sm"
          data-testid="dream-record-card"
        >
          {withPlayer ? (
            <>
              <span className="text-slate-500">{t('dream.col.player')}</span>
              <span className="text-slate-200">{row.player}</span>
            </>
          ) : null}
          <span className="text-slate-500">{t('dream.col.target')}</span>
          <span className="text-slate-200">
            {row.itemName} · <Price fen={row.itemPrice} className="text-slate-400" />
          </span>
          <span className="text-slate-500">{t('dream.col.fee')}</span>
          <Price fen={row.dreamFee} className="text-slate-200" />
          <span className="text-slate-500">{t('dream.col.roll')}</span>
          <span className="text-slate-200">
            <b className="text-white">{row.rollCode}</b> · {row.rollCodeLow}–{row.rollCodeHigh}
          </span>
          <span className="text-slate-500">{t('dream.col.result')}</span>
          <span className={row.won ? 'text-accent-cyan' : 'text-slate-400'}>{t(row.won ? 'dream.state.won' : 'dream.state.lost')}</span>
          <span className="text-slate-500">{t('dream.col.time')}</span>
          <span className="flex items-center justify-between text-slate-300">
            {formatDateTime(row.time)}
            {row.verifyKey !== undefined ? <VerifyLink id={row.verifyKey} label={t('dream.verify')} /> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

function RecordTable({ rows, withPlayer }: { rows: readonly RecordRow[]; withPlayer: boolean }) {
  const t = useT();
  const th = 'px-2 py-2 text-left font-normal';
  return (
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full min-w-[40rem] text-sm text-slate-300">
        <thead className="text-xs text-slate-500">
          <tr>
            {withPlayer ? <th className={th}>{t('dream.col.player')}</th> : null}
            <th className={th}>{t('dream.col.target')}</th>
            <th className={th}>{t('dream.col.fee')}</th>
            <th className={th}>{t('dream.col.roll')}</th>
            <th className={th}>{t('dream.col.range')}</th>
            <th className={th}>{t('dream.col.result')}</th>
            <th className={th}>{t('dream.col.time')}</th>
            <th className={th}>{t('dream.col.verify')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-line" data-testid="dream-record">
              {withPlayer ? <td className="px-2 py-2">{row.player}</td> : null}
              <td className="px-2 py-2">
                <span className="flex items-center gap-2">
                  <ItemImage src={row.itemImage} name={row.itemName} grade={row.grade} className="h-8 w-12" />
                  <span className="flex flex-col">
                    <span className="line-clamp-1 text-slate-200">{row.itemName}</span>
                    <Price fen={row.itemPrice} className="text-xs text-slate-500" />
                  </span>
                </span>
              </td>
              <td className="px-2 py-2">
                <Price fen={row.dreamFee} />
              </td>
              <td className="px-2 py-2 font-semibold text-white">{row.rollCode}</td>
              <td className="px-2 py-2">
                {row.rollCodeLow}–{row.rollCodeHigh}
              </td>
              <td className={`px-2 py-2 ${row.won ? 'text-accent-cyan' : 'text-slate-500'}`}>
                {t(row.won ? 'dream.state.won' : 'dream.state.lost')}
              </td>
              <td className="whitespace-nowrap px-2 py-2 text-xs text-slate-500">{formatDateTime(row.time)}</td>
              <td className="px-2 py-2">
                {row.verifyKey !== undefined ? (
                  <VerifyLink id={row.verifyKey} label={t('dream.verify')} testId="dream-record-verify" />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Listing({
  query,
  rows,
  withPlayer,
  onPage,
}: {
  query: ListQuery<{ page: number; totalPages: number }>;
  rows: readonly RecordRow[];
  withPlayer: boolean;
  onPage: (page: number) => void;
}): ReactNode {
  const t = useT();
  return (
    <ListState
      query={query}
      isEmpty={() => rows.length === 0}
      empty={t('dream.records.empty')}
      failed={{ message: t('dream.records.failed'), retryLabel: t('dream.retry') }}
    >
      {(data) => (
        <div className="flex flex-col gap-3">
          <RecordCards rows={rows} withPlayer={withPlayer} />
          <RecordTable rows={rows} withPlayer={withPlayer} />
          <Pager page={data.page} totalPages={data.totalPages} onPage={onPage} />
        </div>
      )}
    </ListState>
  );
}

/** The fields a site record and the player's own log share, as a row. */
const rowOf = (r: DreamRecord | MyDreamLog): Omit<RecordRow, 'player' | 'grade' | 'verifyKey'> => ({
  id: r.id,
  itemName: r.winVoucherName,
  itemImage: r.winVoucherImg,
  itemPrice: r.winRecoveryPrice,
  dreamFee: r.dreamFee,
  rollCode: r.rollCode,
  rollCodeLow: r.rollCodeLow,
  rollCodeHigh: r.rollCodeHigh,
  won: r.state === WON,
  time: r.createTime,
});

function SiteRecords() {
  const [page, setPage] = useState(1);
  const query = useDreamRecords(page);
  const rows: RecordRow[] = (query.data?.pageData ?? []).map((r) => ({
    ...rowOf(r),
    player: r.nickname,
    grade: r.grade,
    verifyKey: r.shareId,
  }));
  return <Listing query={query} rows={rows} withPlayer onPage={setPage} />;
}

function MyRecords() {
  const [page, setPage] = useState(1);
  const query = useMyDreamLog(page);
  const rows: RecordRow[] = (query.data?.pageData ?? []).map((r) => ({ ...rowOf(r), grade: 3, verifyKey: String(r.verifyId) }));
  return <Listing query={query} rows={rows} withPlayer={false} onPage={setPage} />;
}

/** The two record lists under the game: the site's recent dreams and (logged in) the player's own. */
export function DreamRecords() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<'site' | 'mine'>('site');
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4" data-testid="dream-records">
      <Segmented<'site' | 'mine'>
        label={t('dream.records.title')}
        options={[
          { value: 'site', label: t('dream.records.site') },
          { value: 'mine', label: t('dream.records.mine') },
        ]}
        value={tab}
        onChange={setTab}
        testId="dream-record-tabs"
      />
      {tab === 'site' ? <SiteRecords /> : loggedIn ? <MyRecords /> : <LoginPrompt />}
    </section>
  );
}
