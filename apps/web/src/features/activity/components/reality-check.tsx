import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { Dialog } from '../../../shared/ui/dialog';
import { useMoney } from '../../../shared/ui/price';
import { usePlaySession } from '../api/get-play-session';
import {
  msUntilCheck,
  nextCheckIndex,
  readAnswered,
  serverNow,
  splitMinutes,
  writeAnswered,
  type CheckSchedule,
} from '../reality-check-math';

/**
 * The reality check (issue 18): mounted by app/ while a player is logged in. Every N minutes of the
 * login session a dialog shows the time played and the session's net result; 继续 re-arms it for the next
 * interval (Esc and the backdrop too), 停止 calls `onStop` (app/ logs the player out).
 */
export default function RealityCheck({ onStop }: { onStop: () => void }) {
  const t = useT();
  const money = useMoney();
  const session = usePlaySession();
  const { data, refetch } = session;
  const [receivedAt, setReceivedAt] = useState(() => Date.now());
  useEffect(() => setReceivedAt(Date.now()), [data]);

  const schedule = useMemo<CheckSchedule | null>(() => {
    if (!data || data.intervalMinutes <= 0) return null;
    return {
      sessionStartMs: Date.parse(data.sessionStart),
      intervalMs: data.intervalMinutes * 60_000,
      offsetMs: Date.parse(data.serverTime) - receivedAt,
    };
  }, [data, receivedAt]);

  const sessionStart = data?.sessionStart ?? '';
  // Read during render, not in an effect: a reload must not arm a timer before it knows the last answer.
  const [lastAnswer, setLastAnswer] = useState<{ sessionStart: string; at: number } | null>(null);
  const answered = lastAnswer?.sessionStart === sessionStart ? lastAnswer.at : sessionStart ? readAnswered(sessionStart) : 0;
  const [open, setOpen] = useState(false);

  // Arm a timer for the next check not yet answered; one already due (after a reload) opens at once.
  useEffect(() => {
    if (!schedule || open) return;
    const timer = window.setTimeout(
      () => {
        setOpen(true);
        // The figures are the session's up to now.
        void refetch();
      },
      msUntilCheck(schedule, nextCheckIndex(schedule, answered), Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [schedule, answered, open, refetch]);

  if (!open || !data || !schedule) return null;

  const elapsedS = Math.max(data.elapsedSeconds, Math.floor((serverNow(schedule, Date.now()) - schedule.sessionStartMs) / 1000));
  const { hours, minutes } = splitMinutes(elapsedS);
  const net = data.netResultFen;
  const carryOn = () => {
    const at = serverNow(schedule, Date.now());
    writeAnswered(data.sessionStart, at);
    setLastAnswer({ sessionStart: data.sessionStart, at });
    setOpen(false);
  };
  return (
    <Dialog title={t('realityCheck.title')} onClose={carryOn} testId="reality-check">
      <div className="flex flex-col gap-4 text-slate-200">
        <p>{t('realityCheck.intro', { minutes: data.intervalMinutes })}</p>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="rounded-lg bg-panel-2 p-3">
            <dt className="text-sm text-slate-400">{t('realityCheck.played')}</dt>
            <dd className="text-xl font-bold text-white" data-testid="reality-check-time">
              {t('realityCheck.duration', { hours, minutes })}
            </dd>
          </div>
          <div className="rounded-lg bg-panel-2 p-3">
            <dt className="text-sm text-slate-400">{t('realityCheck.net')}</dt>
            <dd className={`text-xl font-bold ${net < 0 ? 'text-accent-red' : 'text-emerald-400'}`} data-testid="reality-check-net">
              {net > 0 ? '+' : ''}
              {money(net)}
            </dd>
          </div>
        </dl>
        <p className="text-xs text-slate-400">
          {t('realityCheck.explain', { stakes: money(data.stakesFen), returns: money(data.returnsFen) })}{' '}
          <Link to="/safer-play" className="underline hover:text-white" onClick={carryOn}>
            {t('realityCheck.help')}
          </Link>
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onStop}
            data-testid="reality-check-stop"
            className="min-h-11 rounded-lg border border-line px-4 py-2 text-white hover:bg-panel-2 focus-visible:outline-2 focus-visible:outline-accent-orange"
          >
            {t('realityCheck.stop')}
          </button>
          <button
            type="button"
            onClick={carryOn}
            data-testid="reality-check-continue"
            className="min-h-11 rounded-lg bg-accent-purple px-4 py-2 font-semibold text-black hover:brightness-110 focus-visible:outline-2 focus-visible:outline-accent-orange"
          >
            {t('realityCheck.continue')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
