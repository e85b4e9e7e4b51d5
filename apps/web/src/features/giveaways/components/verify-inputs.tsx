import type { GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { GiveawayVerification } from '../giveaway-verify';
import { mono, VerifyField, VerifyMark, VerifySection } from './verify-parts';
import { formatDateTime } from '../../../shared/format/beijing-time';

// The round's time in Beijing time, beside the Unix seconds the formula uses.
const beijing = (unixS: number) => (Number.isFinite(unixS) ? formatDateTime(unixS * 1000) : '—');

/** PF v1 §2, §8: the commitment, and the entries' hash from the published entry list. */
export function VerifyCommitment({ room, check }: { room: GiveawayRoom; check: GiveawayVerification }) {
  const t = useT();
  return (
    <VerifySection title={t('giveaway.verify.seeds')} testId="verify-seeds">
      <VerifyField label={t('giveaway.fair.seed')}>
        <span className={mono}>{room.serverSeed}</span>
      </VerifyField>
      <VerifyField label={t('giveaway.fair.salt')}>
        <span className={mono}>{room.secretSalt}</span>
      </VerifyField>
      <VerifyField label={t('giveaway.fair.publicHash')}>
        <span className={mono}>{room.publicHash}</span>
        <VerifyMark ok={check.commitment.ok} testId="verify-commitment-check" />
        <p className="text-xs text-slate-500">{t('giveaway.verify.commitmentRule')}</p>
        {check.commitment.computed && !check.commitment.ok ? (
          <p className={mono}>{t('giveaway.verify.computed', { value: check.commitment.computed })}</p>
        ) : null}
      </VerifyField>
      <VerifyField label={t('giveaway.fair.entriesHash')}>
        <span className={mono}>{room.entriesHash}</span>
        <VerifyMark ok={check.entries.ok} testId="verify-entries-check" />
        <p className="text-xs text-slate-500">
          {t('giveaway.verify.entriesRule', { count: check.entries.count, published: room.entryCount ?? '—' })}
        </p>
        {check.entries.ok ? null : (
          <p className={mono} data-testid="verify-entries-computed">
            {t('giveaway.verify.computed', { value: check.entries.computed ?? '—' })}
          </p>
        )}
      </VerifyField>
    </VerifySection>
  );
}

/** PF v1 §8, §9: the round from the end time, and its randomness from its source. */
export function VerifyBeacon({ room, check }: { room: GiveawayRoom; check: GiveawayVerification }) {
  const t = useT();
  const { beacon, round } = check;
  const local = beacon.source === 'local';
  return (
    <VerifySection title={t('giveaway.verify.beacon')} testId="verify-beacon">
      {local ? (
        <p
          role="alert"
          className="rounded-lg border border-accent-orange/40 bg-accent-orange/10 px-3 py-2 text-sm text-accent-orange"
          data-testid="verify-local-beacon"
        >
          {t('giveaway.verify.localWarning')}
        </p>
      ) : null}
      <VerifyField label={t('giveaway.verify.source')}>
        {local ? t('giveaway.fair.localBeacon') : beacon.source === 'drand' ? 'drand quicknet' : beacon.source || '—'}
      </VerifyField>
      <VerifyField label={t('giveaway.verify.endAt')}>
        <span className={mono}>
          {room.openTime} (unix {round.endAtS})
        </span>
      </VerifyField>
      <VerifyField label={t('giveaway.fair.round')}>
        <span className={mono}>
          R = roundAt({round.endAtS}) + 3 = {round.roundAtEnd} + 3 = {round.expected}
        </span>
        <span className="ms-2 text-xs text-slate-400">{t('giveaway.verify.published', { value: room.targetRound })}</span>
        <VerifyMark ok={round.ok} testId="verify-round-check" />
        <p className={mono}>
          time(R) = {round.time} ({beijing(round.time)})
        </p>
      </VerifyField>
      {local ? null : (
        <VerifyField label={t('giveaway.verify.signature')}>
          <span className={mono}>{room.beaconSignature ?? '—'}</span>
          <VerifyMark ok={beacon.signatureOk} testId="verify-signature-check" />
          <p className="text-xs text-slate-500">{t('giveaway.verify.signatureRule')}</p>
        </VerifyField>
      )}
      <VerifyField label={t('giveaway.verify.randomness')}>
        <span className={mono} data-testid="verify-randomness">
          {room.randomness ?? '—'}
        </span>
        <VerifyMark ok={beacon.randomnessOk} testId="verify-randomness-check" />
        <p className="text-xs text-slate-500">{local ? t('giveaway.verify.localRule') : t('giveaway.verify.drandRule')}</p>
        {beacon.expectedRandomness && !beacon.randomnessOk ? (
          <p className={mono}>{t('giveaway.verify.computed', { value: beacon.expectedRandomness })}</p>
        ) : null}
      </VerifyField>
    </VerifySection>
  );
}
