import { useState, type ReactNode } from 'react';
import { WITHDRAWAL_REVIEW_REMARK } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { EmptyState } from '../../../shared/ui/empty-state';
import { gradeColour, ItemImage } from '../../../shared/ui/item-image';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { Pager } from '../../../shared/ui/pager';
import { Price } from '../../../shared/ui/price';
import { useOpenRecords } from '../api/get-open-records';
import { usePurchaseRecords } from '../api/get-purchase-records';
import { useRetrievals } from '../api/get-retrievals';
import { formatDateTime } from '../../../shared/format/beijing-time';
import { VerifyLink } from '../../../shared/ui/verify-link';

const time = (iso: string) => formatDateTime(iso);

/** Spec §4 retrieval states: 0 retrieving, 1 awaiting shipment, 2 awaiting receipt, 3 success, 4 failed. */
const retrievalStates: MessageId[] = ['bag.retrieval.0', 'bag.retrieval.1', 'bag.retrieval.2', 'bag.retrieval.3', 'bag.retrieval.4'];
const retrievalColours = ['text-accent-cyan', 'text-accent-cyan', 'text-accent-purple', 'text-emerald-400', 'text-accent-red'];

/** Waiting for an operator's risk review (issue 24 §4): still state 0, the remark says so. */
const inReview = (r: { state: number; remark: string | null }) => r.state === 0 && r.remark === WITHDRAWAL_REVIEW_REMARK;

function Paged({
  loading,
  empty,
  children,
  page,
  totalPages,
  onPage,
}: {
  loading: boolean;
  empty: boolean;
  children: ReactNode;
  page: number;
  totalPages: number;
  onPage: (p: number) => void;
}) {
  const t = useT();
  if (loading) return <PageFallback />;
  if (empty) return <EmptyState message={t('empty.records')} />;
  return (
    <div className="flex flex-col gap-4">
      {children}
      <Pager page={page} totalPages={totalPages} onPage={onPage} />
    </div>
  );
}

const row = 'flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-line bg-panel px-4 py-3 text-sm';

/** 提取记录: state, failure remark (a failed retrieval returns the item to the backpack). */
export function RetrievalRecords() {
  const t = useT();
  const [page, setPage] = useState(1);
  const { data, isPending } = useRetrievals(page);
  return (
    <div className="flex flex-col gap-3">
      <p className="rounded-lg bg-accent-cyan/10 px-4 py-2 text-sm text-accent-cyan" data-testid="retrieval-note">
        {t('bag.retrieveHint')}
      </p>
      <Paged loading={isPending} empty={!data?.pageData.length} page={page} totalPages={data?.totalPages ?? 0} onPage={setPage}>
        <ul className="flex flex-col gap-2" data-testid="retrieval-list">
          {data?.pageData.map((r) => (
            <li key={r.orderId} className={row} data-testid="retrieval-row" data-state={r.state}>
              <ItemImage src={r.giftImage} name={r.ornamentName} grade={3} className="h-10 w-14" />
              <span className="min-w-0 flex-1 truncate text-white">{r.ornamentName}</span>
              <Price fen={r.recoveryPrice} className="text-accent-orange" />
              <span className={`font-semibold ${retrievalColours[r.state] ?? ''}`}>
                {t(inReview(r) ? 'bag.retrieval.review' : (retrievalStates[r.state] ?? 'bag.retrieval.0'))}
              </span>
              <span className="text-xs text-slate-500">{t('bag.orderId', { id: r.orderId })}</span>
              <span className="text-xs text-slate-500">{time(r.updateTime)}</span>
              {inReview(r) ? <p className="basis-full text-xs text-slate-400">{t('bag.reviewRemark')}</p> : null}
              {r.state === 4 && r.remark ? (
                <p className="basis-full text-xs text-accent-red">{t('bag.failRemark', { remark: r.remark })}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </Paged>
    </div>
  );
}

/** 开箱记录: box, item, price paid, roll code with its range, and the verify link. */
export function OpenRecords() {
  const t = useT();
  const [page, setPage] = useState(1);
  const { data, isPending } = useOpenRecords(page);
  return (
    <Paged loading={isPending} empty={!data?.pageData.length} page={page} totalPages={data?.totalPages ?? 0} onPage={setPage}>
      <ul className="flex flex-col gap-2" data-testid="open-records">
        {data?.pageData.map((r) => (
          <li key={r.id} className={row} data-testid="open-record">
            <span className="text-slate-400">{r.boxName}</span>
            <span className="min-w-0 flex-1 truncate" style={{ color: gradeColour(r.grade) }}>
              {r.giftName}
            </span>
            <span className="text-xs text-slate-400">
              {t('bag.paid')} <Price fen={r.pricePaid} className="text-slate-200" />
            </span>
            <Price fen={r.recoveryPrice} className="font-semibold text-accent-orange" />
            <span className="text-xs text-slate-400">{t('bag.roll', { code: r.rollCode, low: r.rangeLow, high: r.rangeHigh })}</span>
            <VerifyLink id={r.verifyId} label={t('box.verify')} className="text-xs" />
            <span className="text-xs text-slate-500">{time(r.createTime)}</span>
          </li>
        ))}
      </ul>
    </Paged>
  );
}

/** 购买记录: item, quantity, amount paid. */
export function PurchaseRecords() {
  const t = useT();
  const [page, setPage] = useState(1);
  const { data, isPending } = usePurchaseRecords(page);
  return (
    <Paged loading={isPending} empty={!data?.pageData.length} page={page} totalPages={data?.totalPages ?? 0} onPage={setPage}>
      <ul className="flex flex-col gap-2" data-testid="purchase-records">
        {data?.pageData.map((r) => (
          <li key={r.id} className={row}>
            <span className="min-w-0 flex-1 truncate text-white">{r.giftName}</span>
            <span className="text-slate-400">{t('bag.quantity', { count: r.quantity })}</span>
            <Price fen={r.amount} className="font-semibold text-accent-orange" />
            <span className="text-xs text-slate-500">{time(r.createTime)}</span>
          </li>
        ))}
      </ul>
    </Paged>
  );
}
