import type { BattleResults } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { BattleVerification } from '../battle-verify';
import { mono, VerifyField, VerifyMark, VerifySection } from './battle-verify-parts';
import { formatDateTime } from '../../../shared/format/beijing-time';

// The round's time in Beijing time, beside the Unix seconds the formula uses.
const beijing = (unixS: number) => (Number.isFinite(unixS) ? formatDateTime(unixS * 1000) : '—');

/** PF v1 §7.3–7.4, §9: the target round from the lock time, and the round's randomness from its source. */
export function BattleVerifyBeacon({ battle, check }: { battle: BattleResults; check: BattleVerification }) {
  const t = useT();
  const { beacon, round } = check;
  const local = beacon.source === 'local';
  return (
    <VerifySection title={t('battle.verify.beacon.title')} testId="verify-beacon">
      {local ? (
        <p
          role="alert"
          className="rounded-lg border border-accent-orange/40 bg-accent-orange/10 px-3 py-2 text-sm text-accent-orange"
          data-testid="verify-local-beacon"
        >
          {t('battle.verify.beacon.localWarning')}
        </p>
      ) : null}
      <VerifyField label={t('battle.verify.beacon.source')}>
        {local ? t('battle.verify.beacon.local') : beacon.source === 'drand' ? t('battle.verify.beacon.drand') : beacon.source || '—'}
      </VerifyField>
      <VerifyField label={t('battle.verify.beacon.lockedAt')}>
        <span className={mono}>
          {battle.lockedAt} (unix {round.lockedAtS})
        </span>
      </VerifyField>
      <VerifyField label={t('battle.verify.beacon.round')}>
        <span className={mono}>
          R = roundAt({round.lockedAtS}) + 3 = {round.roundAtLock} + 3 = {round.expected}
        </span>
        <span className="ms-2 text-xs text-slate-400">{t('battle.verify.beacon.published', { round: battle.targetRound ?? '—' })}</span>
        <VerifyMark ok={round.ok} testId="verify-round-check" />
      </VerifyField>
      <VerifyField label={t('battle.verify.beacon.time')}>
        <span className={mono}>
          time(R) = {round.time} ({beijing(round.time)})
        </span>
      </VerifyField>
      {local ? null : (
        <VerifyField label={t('battle.verify.beacon.signature')}>
          <span className={mono} data-testid="verify-signature">
            {battle.beaconSignature ?? '—'}
          </span>
          <VerifyMark ok={beacon.signatureOk} testId="verify-signature-check" />
          <p className="text-xs text-slate-500">{t('battle.verify.beacon.signatureRule')}</p>
        </VerifyField>
      )}
      <VerifyField label={t('battle.verify.beacon.randomness')}>
        <span className={mono} data-testid="verify-randomness">
          {battle.randomness ?? '—'}
        </span>
        <VerifyMark ok={beacon.randomnessOk} testId="verify-randomness-check" />
        <p className="text-xs text-slate-500">{local ? t('battle.verify.beacon.localRule') : t('battle.verify.beacon.drandRule')}</p>
        {beacon.expectedRandomness && !beacon.randomnessOk ? (
          <p className={mono}>{t('battle.verify.computed', { value: beacon.expectedRandomness })}</p>
        ) : null}
      </VerifyField>
    </VerifySection>
  );
}
