import type { GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { GiveawayVerification } from '../giveaway-verify';
import { monoText, VerifyMark } from '../../../shared/ui/verify-mark';
import { BeaconChecks, CheckedField, LocalBeaconWarning, VerifyField, VerifySection } from '../../../shared/ui/verify-section';
import { formatUnixSeconds } from '../../../shared/format/beijing-time';

/** PF v1 §2, §8: the commitment, and the entries' hash from the published entry list. */
export function VerifyCommitment({ room, check }: { room: GiveawayRoom; check: GiveawayVerification }) {
  const t = useT();
  return (
    <VerifySection title={t('giveaway.verify.seeds')} testId="verify-seeds">
      <VerifyField label={t('giveaway.fair.seed')}>
        <span className={monoText}>{room.serverSeed}</span>
      </VerifyField>
      <VerifyField label={t('giveaway.fair.salt')}>
        <span className={monoText}>{room.secretSalt}</span>
      </VerifyField>
      <CheckedField
        label={t('giveaway.fair.publicHash')}
        value={room.publicHash}
        ok={check.commitment.ok}
        checkTestId="verify-commitment-check"
        rule={t('giveaway.verify.commitmentRule')}
        computed={
          check.commitment.computed && !check.commitment.ok ? t('giveaway.verify.computed', { value: check.commitment.computed }) : null
        }
      />
      <VerifyField label={t('giveaway.fair.entriesHash')}>
        <span className={monoText}>{room.entriesHash}</span>
        <VerifyMark ok={check.entries.ok} testId="verify-entries-check" />
        <p className="text-xs text-slate-500">
          {t('giveaway.verify.entriesRule', { count: check.entries.count, published: room.entryCount ?? '—' })}
        </p>
        {check.entries.ok ? null : (
          <p className={monoText} data-testid="verify-entries-computed">
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
      {local ? <LocalBeaconWarning text={t('giveaway.verify.localWarning')} /> : null}
      <VerifyField label={t('giveaway.verify.source')}>
        {local ? t('giveaway.fair.localBeacon') : beacon.source === 'drand' ? 'drand quicknet' : beacon.source || '—'}
      </VerifyField>
      <VerifyField label={t('giveaway.verify.endAt')}>
        <span className={monoText}>
          {room.openTime} (unix {round.endAtS})
        </span>
      </VerifyField>
      <VerifyField label={t('giveaway.fair.round')}>
        <span className={monoText}>
          R = roundAt({round.endAtS}) + 3 = {round.roundAtEnd} + 3 = {round.expected}
        </span>
        <span className="ms-2 text-xs text-slate-400">{t('giveaway.verify.published', { value: room.targetRound })}</span>
        <VerifyMark ok={round.ok} testId="verify-round-check" />
        <p className={monoText}>
          time(R) = {round.time} ({formatUnixSeconds(round.time)})
        </p>
      </VerifyField>
      <BeaconChecks
        beacon={beacon}
        signature={room.beaconSignature}
        randomness={room.randomness}
        words="giveaway.verify"
        computed="giveaway.verify.computed"
      />
    </VerifySection>
  );
}
