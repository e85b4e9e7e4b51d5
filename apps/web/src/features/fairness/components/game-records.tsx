import { useState } from 'react';
import type { GameBalance, GameRecord } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { useMoney } from '../../../shared/ui/price';
import { useGameRecords } from '../api/get-game-records';
import { formatDateTime } from '../../../shared/format/beijing-time';
import { formatPoints } from '../../../shared/format/money';
import { HistorySection } from './history-section';
import { VerifyLink } from '../../../shared/ui/verify-link';

const mono = 'break-all font-mono text-[11px] text-slate-200';

function Balance({ value, testId }: { value: GameBalance | null; testId: string }) {
  const t = useT();
  const money = useMoney();
  if (!value) return <span className="text-slate-500">{t('fair.balanceUnknown')}</span>;
  return <span data-testid={testId}>{t('fair.balanceValue', { coin: money(value.coin), point: formatPoints(value.point) })}</span>;
}

function GameRow({ game }: { game: GameRecord }) {
  const t = useT();
  const money = useMoney();
  const gameLabel =
    game.game === 'dream' ? t('fair.game.dream') : game.game === 'free_case' ? t('fair.game.freeCase') : t('fair.game.case');
  return (
    <li
      data-testid="game-record"
      data-verify-id={game.verifyId}
      className="grid gap-1 rounded-xl border border-line bg-panel p-4 text-xs text-slate-400 md:grid-cols-[8rem_1fr]"
    >
      <span>{t('fair.time')}</span>
      <span className="flex flex-wrap items-center gap-x-3">
        {formatDateTime(game.createTime)}
        <span className="text-slate-200">
          {gameLabel}
          {game.boxName ? ` · ${game.boxName}` : ''}
        </span>
        <VerifyLink id={game.verifyId} label={t('fair.verifyThis')} />
      </span>
      <span>{t('fair.outcome')}</span>
      <span className="text-slate-200">
        {t('fair.outcomeValue', { code: game.rollCode, item: game.itemName ?? '—', paid: money(game.pricePaid) })}
      </span>
      <span>{t('fair.balanceBefore')}</span>
      <Balance value={game.balanceBefore} testId="balance-before" />
      <span>{t('fair.balanceAfter')}</span>
      <Balance value={game.balanceAfter} testId="balance-after" />
      <span>{t('fair.clientSeed')}</span>
      <span className={mono}>{game.clientSeed}</span>
      <span>{t('fair.nonce')}</span>
      <span className="font-mono text-slate-200">{game.nonce}</span>
      <span>{t('fair.publicHash')}</span>
      <span className={mono}>{game.publicHash}</span>
      <span>{t('fair.serverSeed')}</span>
      {game.serverSeed ? <span className={mono}>{game.serverSeed}</span> : <span>{t('fair.notRevealed')}</span>}
    </li>
  );
}

/**
 * The player's last games (security.md: at least the last 10, with seeds, nonce, outcome and the balances
 * before and after), each linking to its verification.
 */
export function GameRecords() {
  const t = useT();
  const [page, setPage] = useState(1);
  return (
    <HistorySection id="game-records" title={t('fair.games')} query={useGameRecords(page)} page={page} onPage={setPage}>
      {(data) => (
        <ul className="flex flex-col gap-2" data-testid="game-records">
          {data.pageData.map((game) => (
            <GameRow key={game.verifyId} game={game} />
          ))}
        </ul>
      )}
    </HistorySection>
  );
}
