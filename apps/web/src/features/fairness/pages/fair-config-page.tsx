import { useT } from '../../../shared/i18n/use-t';
import { LoginRequired } from '../../../shared/ui/login-required';
import { PageShell } from '../../../shared/ui/page-shell';
import { GameRecords } from '../components/game-records';
import { PfExplainer } from '../components/pf-explainer';
import { ClientSeedHistory, RevealedSeeds } from '../components/seed-history';
import { SeedPanel } from '../components/seed-panel';

/** Spec §2 /provably-fair: the user's seeds, games and history (login), and how PF v1 works (everyone). */
export default function FairConfigPage() {
  const t = useT();
  return (
    <PageShell titleId="title.fair" link={{ to: '/provably-fair/verify', label: t('fair.toVerify'), look: 'neighbour' }}>
      <LoginRequired>
        <SeedPanel />
        <GameRecords />
        <RevealedSeeds />
        <ClientSeedHistory />
      </LoginRequired>
      <PfExplainer />
    </PageShell>
  );
}
