import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DreamRecord } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ListState, noRows } from '../../../shared/ui/list-state';
import { useDreamRecords } from '../api/get-dream-records';
import { formatPercent } from '../dream-math';
import { ItemFace, type ItemFaceLook } from '../../../shared/ui/item-face';

const wonLook: ItemFaceLook = { image: 'h-12 w-16', name: 'line-clamp-1 text-slate-200', price: 'text-accent-orange' };

const PREVIEW_SIZE = 6;

/** The /home 追梦 tab: the site's latest dreams and the way to /dream. app/ passes it to the home page. */
export default function DreamPreview() {
  const t = useT();
  const query = useDreamRecords(1, PREVIEW_SIZE);
  const play = (
    <div className="flex justify-center">
      <Link to="/dream" className="rounded-lg bg-accent-orange px-5 py-2 text-sm font-semibold text-black" data-testid="dream-home-play">
        {t('dream.home.play')}
      </Link>
    </div>
  );
  return (
    <ListState
      query={query}
      isEmpty={noRows}
      empty={<EmptyState message={t('dream.home.empty')}>{play}</EmptyState>}
      failed={{ message: t('dream.records.failed'), retryLabel: t('dream.retry') }}
    >
      {(data) => <DreamTiles records={data.pageData} play={play} />}
    </ListState>
  );
}

function DreamTiles({ records, play }: { records: DreamRecord[]; play: ReactNode }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3" data-testid="home-dreams">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {records.map((r) => (
          <li
            key={r.id}
            className={`flex flex-col items-center gap-1 rounded-lg border bg-panel p-2 text-xs ${r.state === 1 ? 'border-accent-cyan/50' : 'border-line'}`}
            data-testid="home-dream"
          >
            <ItemFace image={r.winVoucherImg} name={r.winVoucherName} grade={r.grade} fen={r.winRecoveryPrice} look={wonLook} />
            <span className="text-slate-500">
              {r.nickname} · {formatPercent(r.probability)}% · {t(r.state === 1 ? 'dream.state.won' : 'dream.state.lost')}
            </span>
          </li>
        ))}
      </ul>
      {play}
    </div>
  );
}
