import type { ReactNode } from 'react';
import { PageShell } from '../../../shared/ui/page-shell';
import { PersonalNav } from '../components/personal-nav';
import { WalletSummary } from '../components/wallet-summary';

/**
 * Spec §2 /personal: the account overview. The summary row (balances, VIP, quick links) is this
 * feature's; the rewards (daily top-up, Golden Code) and the account settings are other features,
 * passed in by app/ (features never import each other). Guests see the login prompt of the settings.
 */
export default function PersonalPage({ overview, rewards }: { overview?: ReactNode; rewards?: ReactNode }) {
  return (
    <PageShell titleId="title.personal">
      <PersonalNav />
      <WalletSummary />
      {rewards}
      {overview}
    </PageShell>
  );
}
