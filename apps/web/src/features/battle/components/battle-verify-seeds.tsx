import type { BattleResults } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { BattleVerification } from '../battle-verify';
import { mono, VerifyField, VerifyMark, VerifySection } from './battle-verify-parts';

/** PF v1 §2, §7.1–7.3: the commitment published at creation, and the seats digest fixed at lock. */
export function BattleVerifySeeds({ battle, check }: { battle: BattleResults; check: BattleVerification }) {
  const t = useT();
  const seats = [...battle.customerList].sort((a, b) => a.pos - b.pos);
  return (
    <VerifySection title={t('battle.verify.seeds.title')} testId="verify-seeds">
      <VerifyField label={t('battle.verify.seeds.publicHash')}>
        <span className={mono}>{battle.publicHash}</span>
      </VerifyField>
      <VerifyField label={t('battle.verify.seeds.serverSeed')}>
        <span className={mono}>{battle.serverSeed}</span>
      </VerifyField>
      <VerifyField label={t('battle.verify.seeds.salt')}>
        <span className={mono}>{battle.secretSalt}</span>
      </VerifyField>
      <VerifyField label={t('battle.verify.seeds.commitment')}>
        <span className={mono}>{check.commitment.computed ?? t('battle.verify.seeds.badFormat')}</span>
        <VerifyMark ok={check.commitment.ok} testId="verify-commitment-check" />
      </VerifyField>
      {seats.map((s) => (
        <VerifyField key={s.pos} label={t('battle.verify.seeds.seat', { pos: s.pos, name: s.nickname })}>
          <span className={mono} data-testid="verify-client-seed">
            {s.clientSeed}
          </span>
        </VerifyField>
      ))}
      <VerifyField label={t('battle.verify.seeds.seatsDigest')}>
        <span className={mono}>{battle.seatsDigest}</span>
        <VerifyMark ok={check.seatsDigest.ok} testId="verify-digest-check" />
        <p className="text-xs text-slate-500">{t('battle.verify.seeds.seatsDigestRule')}</p>
        {check.seatsDigest.ok ? null : <p className={mono}>{t('battle.verify.computed', { value: check.seatsDigest.computed })}</p>}
      </VerifyField>
    </VerifySection>
  );
}
