import { useT } from '../../../shared/i18n/use-t';
import { Avatar } from '../../../shared/ui/avatar';
import { Dialog } from '../../../shared/ui/dialog';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { useMoney } from '../../../shared/ui/price';
import { useBots } from '../api/get-bots';

/** The creator picks a bot by its public record (issue 12: bots are visibly not tuned to win), or any. */
export function BotPicker({ busy, onPick, onClose }: { busy: boolean; onPick: (botId: number | undefined) => void; onClose: () => void }) {
  const t = useT();
  const money = useMoney();
  const bots = useBots(true);
  const row = 'flex w-full items-center gap-3 rounded-lg bg-panel-2 px-3 py-2 text-left hover:brightness-125 disabled:opacity-50';
  return (
    <Dialog title={t('battle.botTitle')} onClose={onClose} testId="bot-picker">
      <div className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto">
        <button type="button" className={row} disabled={busy} onClick={() => onPick(undefined)} data-testid="bot-any">
          {t('battle.botAny')}
        </button>
        {bots.isPending ? (
          <PageFallback />
        ) : bots.isError || bots.data.length === 0 ? (
          <p className="text-sm text-slate-400">{t('battle.noBots')}</p>
        ) : (
          bots.data.map((bot) => (
            <button
              key={bot.botId}
              type="button"
              className={row}
              disabled={busy}
              onClick={() => onPick(bot.botId)}
              data-testid="bot-option"
            >
              <Avatar src={bot.headPic} name={bot.nickname} className="size-9" />
              <span className="flex flex-col">
                <span className="font-semibold text-white">{bot.nickname}</span>
                <span className="text-xs text-slate-400">
                  {t('battle.botRecord', { played: bot.played, won: bot.won, profit: money(bot.profitFen) })}
                </span>
              </span>
            </button>
          ))
        )}
      </div>
    </Dialog>
  );
}
