import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { useClientSeedHistory } from '../api/get-client-seed-history';
import { useSeedHistory } from '../api/get-seed-history';
import { formatDateTime } from '../../../shared/format/beijing-time';
import { HistorySection } from './history-section';

const mono = 'break-all font-mono text-[11px] text-slate-200';
const time = (iso: string | null) => formatDateTime(iso);

/** Retired pairs with their revealed server seed and salt; each links to the verify form, filled in. */
export function RevealedSeeds() {
  const t = useT();
  const [page, setPage] = useState(1);
  return (
    <HistorySection id="seed-history" title={t('fair.history')} query={useSeedHistory(page)} page={page} onPage={setPage}>
      {(data) => (
        <ul className="flex flex-col gap-2" data-testid="seed-history">
          {data.pageData.map((seed) => {
            const query = new URLSearchParams({
              serverSeed: seed.serverSeed,
              secretSalt: seed.secretSalt,
              publicHash: seed.publicHash,
              clientSeed: seed.clientSeed,
              nonce: '0',
            });
            return (
              <li
                key={seed.id}
                className="grid gap-1 rounded-xl border border-line bg-panel p-4 text-xs text-slate-400 md:grid-cols-[8rem_1fr]"
              >
                <span>{t('fair.serverSeed')}</span>
                <span className={mono}>{seed.serverSeed}</span>
                <span>{t('fair.secretSalt')}</span>
                <span className={mono}>{seed.secretSalt}</span>
                <span>{t('fair.publicHash')}</span>
                <span className={mono}>{seed.publicHash}</span>
                <span>{t('fair.clientSeed')}</span>
                <span className={mono}>{seed.clientSeed}</span>
                <span>{t('fair.finalNonce')}</span>
                <span className="font-mono text-slate-200">{seed.finalNonce}</span>
                <span>{t('fair.period')}</span>
                <span>
                  {time(seed.createTime)} – {time(seed.retireTime)}
                  <Link to={`/provably-fair/verify?${query.toString()}`} className="ms-3 text-accent-cyan hover:underline">
                    {t('fair.verifyThis')}
                  </Link>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </HistorySection>
  );
}

export function ClientSeedHistory() {
  const t = useT();
  const [page, setPage] = useState(1);
  return (
    <HistorySection
      id="client-seed-history"
      title={t('fair.clientHistory')}
      query={useClientSeedHistory(page)}
      page={page}
      onPage={setPage}
    >
      {(data) => (
        <ul className="flex flex-col gap-2" data-testid="client-seed-history">
          {data.pageData.map((row) => (
            <li
              key={`${row.clientSeed}-${row.createTime}`}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-panel px-4 py-2 text-xs"
            >
              <span className={`${mono} flex-1`}>{row.clientSeed}</span>
              <span className="text-slate-500">
                {time(row.createTime)} – {row.retireTime ? time(row.retireTime) : t('fair.inUse')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </HistorySection>
  );
}
