import type { BattleResults } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { BattleVerification } from '../battle-verify';
import { monoText, VerifyMark } from '../../../shared/ui/verify-mark';
import { BeaconChecks, LocalBeaconWarning, VerifyField, VerifySection } from '../../../shared/ui/verify-section';
import { formatUnixSeconds } from '../../../shared/format/beijing-time';

/** PF v1 §7.3–7.4, §9: the target round from the lock time, and the round's randomness from its source. */
export function BattleVerifyBeacon({ battle, check }: { battle: BattleResults; check: BattleVerification }) {
  const t = useT();
  const { beacon, round } = check;
  const local = beacon.source === 'local';
  return (
    <VerifySection title={t('battle.verify.beacon.title')} testId="verify-beacon">
      {local ? <LocalBeaconWarning text={t('battle.verify.beacon.localWarning')} /> : null}
      <VerifyField label={t('battle.verify.beacon.source')}>
        {local ? t('battle.verify.beacon.local') : beacon.source === 'drand' ? t('battle.verify.beacon.drand') : beacon.source || '—'}
      </VerifyField>
      <VerifyField label={t('battle.verify.beacon.lockedAt')}>
        <span className={monoText}>
          {battle.lockedAt} (unix {round.lockedAtS})
        </span>
      </VerifyField>
      <VerifyField label={t('battle.verify.beacon.round')}>
        <span className={monoText}>
          R = roundAt({round.lockedAtS}) + 3 = {round.roundAtLock} + 3 = {round.expected}
        </span>
        <span className="ms-2 text-xs text-slate-400">{t('battle.verify.beacon.published', { round: battle.targetRound ?? '—' })}</span>
        <VerifyMark ok={round.ok} testId="verify-round-check" />
      </VerifyField>
      <VerifyField label={t('battle.verify.beacon.time')}>
        <span className={monoText}>
          time(R) = {round.time} ({formatUnixSeconds(round.time)})
        </span>
      </VerifyField>
      <BeaconChecks
        beacon={beacon}
        signature={battle.beaconSignature}
        randomness={battle.randomness}
        words="battle.verify.beacon"
        computed="battle.verify.computed"
      />
    </VerifySection>
  );
}
