import { useState } from 'react';
import { transparencyWindows, type TransparencyWindow } from '@skinfair/contract';
import { PageShell } from '../../../shared/ui/page-shell';
import { Pager } from '../../../shared/ui/pager';
import { Segmented } from '../../../shared/ui/segmented';
import { useTransparencyBots } from '../api/get-transparency-bots';
import { useTransparencyBoxes } from '../api/get-transparency-boxes';
import { useTransparencyGames } from '../api/get-transparency-games';
import { useTransparencyWithdrawals } from '../api/get-transparency-withdrawals';
import { BoxesTable } from '../components/boxes-table';
import { BotsTable } from '../components/bots-table';
import { GamesTable } from '../components/games-table';
import { Section } from '../components/section';
import { WithdrawalsPanel } from '../components/withdrawals-panel';
import { useTransparencyT } from '../messages';
import { formatDateTime } from '../../../shared/format/beijing-time';

/**
 * /transparency (issue 18, decision 0044): public, no login. Every game's declared against realised
 * return over a window with its 95 % band, every box's, withdrawal times, and the house bots' battles.
 */
export default function TransparencyPage() {
  const t = useTransparencyT();
  const [range, setRange] = useState<TransparencyWindow>('24h');
  const [page, setPage] = useState(1);
  const games = useTransparencyGames(range);
  const boxes = useTransparencyBoxes(range, page);
  const withdrawals = useTransparencyWithdrawals();
  const bots = useTransparencyBots();
  const windowLabel = t(`tp.window.${range}`);
  return (
    <PageShell titleId="transparency.title">
      <p className="max-w-3xl text-sm text-slate-300">{t('tp.intro')}</p>
      <details className="rounded-2xl border border-line bg-panel p-4 text-sm text-slate-300" open>
        <summary className="cursor-pointer font-semibold text-white">{t('tp.explain.title')}</summary>
        <ul className="mt-2 flex list-disc flex-col gap-2 pl-5">
          <li>{t('tp.explain.declared')}</li>
          <li>{t('tp.explain.realised')}</li>
          <li>{t('tp.explain.band')}</li>
          <li>{t('tp.explain.value')}</li>
        </ul>
        <p className="mt-2 text-xs text-slate-500">{t('tp.legend')}</p>
      </details>
      <Segmented
        label={t('tp.window')}
        options={transparencyWindows.map((w) => ({ value: w, label: t(`tp.window.${w}`) }))}
        value={range}
        onChange={(w) => {
          setRange(w);
          setPage(1);
        }}
        testId="window-switcher"
      />
      <Section id="tp-games" title={t('tp.games.title')} query={games}>
        {games.data ? (
          <>
            <GamesTable data={games.data} windowLabel={windowLabel} />
            <p className="text-xs text-slate-500">{t('tp.updated', { time: formatDateTime(games.data.computedAt) })}</p>
          </>
        ) : null}
      </Section>
      <Section id="tp-boxes" title={t('tp.boxes.title')} query={boxes}>
        {boxes.data ? (
          <>
            <BoxesTable data={boxes.data} windowLabel={windowLabel} />
            <Pager page={boxes.data.page} totalPages={boxes.data.totalPages} onPage={setPage} />
          </>
        ) : null}
      </Section>
      <Section id="tp-withdrawals" title={t('tp.withdrawals.title')} query={withdrawals}>
        {withdrawals.data ? <WithdrawalsPanel data={withdrawals.data} /> : null}
      </Section>
      <Section id="tp-bots" title={t('tp.bots.title')} query={bots}>
        {bots.data ? <BotsTable data={bots.data} /> : null}
      </Section>
    </PageShell>
  );
}
