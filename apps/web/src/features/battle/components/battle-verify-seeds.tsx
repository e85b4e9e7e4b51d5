import type { BattleResults } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { BattleVerification } from '../battle-verify';
import { monoText, VerifyMark } from '../../../shared/ui/verify-mark';
import { VerifyField, VerifySection } from '../../../shared/ui/verify-section';

/** PF v1 §2, §7.1–7.3: the commitment published at creation, and the seats digest fixed at lock. */
export function BattleVerifySeeds({ battle, check }: { battle: BattleResults; check: BattleVerification }) {
  const t = useT();
  const seats = [...battle.customerList].sort((a, b) => a.pos - b.pos);
  return (
    <VerifySection title={t('battle.verify.seeds.title')} testId="verify-seeds">
      <VerifyField label={t('battle.verify.seeds.publicHash')}>
        <span className={monoText}>{battle.publicHash}</span>
      </VerifyField>
      <VerifyField label={t('battle.verify.seeds.serverSeed')}>
        <span className={monoText}>{battle.serverSeed}</span>
      </VerifyField>
      <VerifyField label={t('battle.verify.seeds.salt')}>
        <span className={monoText}>{battle.secretSalt}</span>
      </VerifyField>
      <VerifyField label={t('battle.verify.seeds.commitment')}>
        <span className={monoText}>{check.commitment.computed ?? t('battle.verify.seeds.badFormat')}</span>
        <VerifyMark ok={check.commitment.ok} testId="verify-commitment-check" />
      </VerifyField>
      {seats.map((s) => (
        <VerifyField key={s.pos} label={t('battle.verify.seeds.seat', { pos: s.pos, name: s.nickname })}>
          <span className={monoText} data-testid="verify-client-seed">
            {s.clientSeed}
          </span>
        </VerifyField>
      ))}
      <VerifyField label={t('battle.verify.seeds.seatsDigest')}>
        <span className={monoText}>{battle.seatsDigest}</span>
        <VerifyMark ok={check.seatsDigest.ok} testId="verify-digest-check" />
        <p className="text-xs text-slate-500">{t('battle.verify.seeds.seatsDigestRule')}</p>
        {check.seatsDigest.ok ? null : <p className={monoText}>{t('battle.verify.computed', { value: check.seatsDigest.computed })}</p>}
      </VerifyField>
    </VerifySection>
  );
}
