import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { U32StepTable, VerifyMark } from '../../../shared/ui/verify-mark';
import type { VerifyOutcome } from '../verify-roll';

/** The ✓ / ✗ of one recomputed check (shared with the battle and giveaway verify pages). */
export const Check = VerifyMark;

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl border border-line bg-panel p-4">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-purple/15 text-sm font-bold text-accent-purple">
        {n}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="mb-2 font-semibold text-white">{title}</h3>
        <div className="flex flex-col gap-1.5 text-sm text-slate-300">{children}</div>
      </div>
    </li>
  );
}

const mono = 'break-all font-mono text-xs text-slate-200';

/** Every step of PF v1, as recomputed in this browser: commitment, HMAC blocks, u32s, rollCode, range. */
export function VerifySteps({
  outcome,
  serverSeed,
  publicHash,
  itemName,
}: {
  outcome: VerifyOutcome;
  serverSeed: string;
  publicHash: string;
  itemName?: string | null;
}) {
  const t = useT();
  const { trace } = outcome;
  const accepted = trace.steps.find((s) => s.accepted);
  return (
    <ol className="flex flex-col gap-3" data-testid="verify-steps">
      <Step n={1} title={t('fair.step.commitment')}>
        <p>{t('fair.step.commitmentBody')}</p>
        <p className={mono} data-testid="computed-hash">
          {outcome.computedHash}
          <Check ok={outcome.commitmentOk} testId="commitment-check" />
        </p>
        {publicHash ? <p className="break-all text-xs text-slate-500">{t('fair.publishedHash', { hash: publicHash })}</p> : null}
      </Step>
      <Step n={2} title={t('fair.step.hmac')}>
        <p>{t('fair.step.hmacKey')}</p>
        <p className={mono}>{serverSeed}</p>
        {outcome.messages.map((message, i) => (
          <div key={message} className="flex flex-col gap-0.5">
            <p>
              {t('fair.step.message')}{' '}
              <code className="break-all rounded bg-panel-2 px-1.5 py-0.5 font-mono text-xs text-accent-cyan" data-testid="hmac-message">
                {message}
              </code>
            </p>
            <p className={mono} data-testid="hmac-block">
              block({i}) = {trace.blocks[i]}
            </p>
          </div>
        ))}
      </Step>
      <Step n={3} title={t('fair.step.u32')}>
        <p>{t('fair.step.u32Body')}</p>
        <U32StepTable steps={trace.steps} testId="u32-step" />
      </Step>
      <Step n={4} title={t('fair.step.roll')}>
        {accepted ? (
          <p className="break-all font-mono text-xs">
            {accepted.value} mod 100000 + 1 ={' '}
            <span className="text-base font-bold text-accent-orange" data-testid="computed-roll">
              {trace.rollCode}
            </span>
            <Check ok={outcome.rollOk} testId="roll-check" />
          </p>
        ) : null}
      </Step>
      {outcome.hit || outcome.dreamWin !== null ? (
        <Step n={5} title={t('fair.step.range')}>
          {outcome.hit ? (
            <p data-testid="range-hit">
              {t('fair.hit', {
                low: outcome.hit.low,
                high: outcome.hit.high,
                item: itemName ?? `#${outcome.hit.itemId}`,
              })}
              <Check ok={outcome.itemOk} testId="item-check" />
            </p>
          ) : (
            <p data-testid="range-hit">{outcome.dreamWin ? t('fair.dreamWin') : t('fair.dreamLose')}</p>
          )}
          {outcome.oddsHash ? (
            <p className={mono}>
              {t('fair.oddsHash')} = {outcome.oddsHash.computed}
              <Check ok={outcome.oddsHash.ok} testId="odds-check" />
            </p>
          ) : null}
        </Step>
      ) : null}
    </ol>
  );
}
