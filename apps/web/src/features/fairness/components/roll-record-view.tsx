import { useMemo } from 'react';
import { Link } from 'react-router';
import type { RollRecord } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { checkInput, verifyDreamFee, verifyRoll } from '../verify-roll';
import { DreamFeeStep } from './dream-fee-step';
import { ShareLink } from './share-link';
import { Check, VerifySteps } from './verify-steps';
import { formatDateTime } from '../../../shared/format/beijing-time';

const mono = 'break-all font-mono text-xs text-slate-200';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-line py-2 last:border-b-0 sm:grid-cols-[9rem_1fr]">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-100">{children}</dd>
    </div>
  );
}

/**
 * /provably-fair/verify/{id}: the recorded roll, recomputed at once when the pair has been rotated; until
 * then the server seed is secret, so only the record and its public hash are shown. A visitor following a
 * share link is not the owner, so the "rotate" hint sends them nowhere they could act.
 */
export function RollRecordView({ record }: { record: RollRecord }) {
  const t = useT();
  const outcome = useMemo(() => {
    if (!record.serverSeed || !record.secretSalt) return null;
    const input = {
      serverSeed: record.serverSeed,
      secretSalt: record.secretSalt,
      clientSeed: record.clientSeed,
      nonce: record.nonce,
    };
    if (checkInput(input).length > 0) return null;
    return verifyRoll({
      ...input,
      game: record.game,
      publicHash: record.publicHash,
      ranges: record.ranges,
      rangeHigh: record.rangeHigh,
      recorded: {
        rollCode: record.rollCode,
        itemId: record.itemId,
        caseId: record.caseId,
        caseVersion: record.caseVersion,
        oddsHash: record.oddsHash,
      },
    });
  }, [record]);
  const fee = useMemo(() => verifyDreamFee(record), [record]);
  const gameLabel =
    record.game === 'dream' ? t('fair.game.dream') : record.game === 'free_case' ? t('fair.game.freeCase') : t('fair.game.case');

  return (
    <div className="flex flex-col gap-5">
      <dl className="rounded-xl border border-line bg-panel px-5 py-2" data-testid="roll-record">
        <Row label={t('fair.game')}>{gameLabel}</Row>
        {record.caseId ? (
          <Row label={t('fair.case')}>{t('fair.caseVersion', { id: record.caseId, version: record.caseVersion ?? '-' })}</Row>
        ) : null}
        <Row label={t('fair.recordedRoll')}>
          <span className="text-lg font-bold text-accent-orange" data-testid="recorded-roll">
            {record.rollCode}
          </span>
          <span className="ms-3 text-slate-400">{t('fair.range', { low: record.rangeLow, high: record.rangeHigh })}</span>
          {record.itemName ? <span className="ms-3">{record.itemName}</span> : null}
        </Row>
        <Row label={t('fair.publicHash')}>
          <span className={mono}>{record.publicHash}</span>
        </Row>
        <Row label={t('fair.clientSeed')}>
          <span className={mono}>{record.clientSeed}</span>
        </Row>
        <Row label={t('fair.nonce')}>
          <span className="font-mono">{record.nonce}</span>
        </Row>
        <Row label={t('fair.serverSeed')}>
          {record.serverSeed ? (
            <span className={mono} data-testid="revealed-seed">
              {record.serverSeed}
            </span>
          ) : (
            <span className="text-slate-400">{t('fair.notRevealed')}</span>
          )}
        </Row>
        {record.secretSalt ? (
          <Row label={t('fair.secretSalt')}>
            <span className={mono}>{record.secretSalt}</span>
          </Row>
        ) : null}
        <Row label={t('fair.time')}>{formatDateTime(record.createTime)}</Row>
        {/* Only the owner sees the roll number, and only the owner is offered the link to share. */}
        {record.verifyId !== null ? (
          <Row label={t('fair.shareLink')}>
            <ShareLink shareId={record.shareId} />
          </Row>
        ) : null}
      </dl>

      {/* The fee needs no seed: it is checkable before the pair is rotated. */}
      {fee ? <DreamFeeStep fee={fee} /> : null}

      {record.serverSeed ? null : record.verifyId === null ? (
        <p className="rounded-xl border border-line bg-panel p-5 text-slate-300" data-testid="not-revealed">
          {t('fair.notRevealedShared')}
        </p>
      ) : (
        <div
          className="flex flex-col items-start gap-3 rounded-xl border border-accent-purple/40 bg-accent-purple/10 p-5"
          data-testid="not-revealed"
        >
          <p className="text-slate-200">{t('fair.rotateFirst')}</p>
          <Link to="/provably-fair" className="rounded-lg bg-accent-purple px-5 py-2 text-sm font-semibold text-black hover:brightness-110">
            {t('fair.goRotate')}
          </Link>
        </div>
      )}

      {outcome ? (
        <>
          <p className="text-sm text-slate-300" data-testid="verify-summary">
            {t('fair.summary', { code: outcome.trace.rollCode })}
            <Check ok={outcome.rollOk} testId="summary-check" />
          </p>
          <VerifySteps outcome={outcome} serverSeed={record.serverSeed ?? ''} publicHash={record.publicHash} itemName={record.itemName} />
        </>
      ) : null}
    </div>
  );
}
