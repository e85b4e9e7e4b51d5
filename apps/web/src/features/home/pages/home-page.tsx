import type { ReactNode } from 'react';
import { useReportPageLoaded } from '../../../shared/stores/page-loaded-store';
import { PageShell } from '../../../shared/ui/page-shell';
import { HomeBanners } from '../components/banner-carousel';
import { HomeTabs, type HomePanels } from '../components/home-tabs';
import { SiteStats } from '../components/site-stats';

/**
 * Spec §2 /home. The live feed and the box and shop tabs are passed in by app/ (features never import
 * each other). Spec §2/§4:
 * the page reports it has loaded, which lets the live socket connect; leaving it lets it disconnect.
 */
export default function HomePage({ liveFeed, panels }: { liveFeed?: ReactNode; panels?: HomePanels }) {
  useReportPageLoaded();
  return (
    <PageShell titleId="title.home">
      <HomeBanners />
      {liveFeed}
      <SiteStats />
      <HomeTabs {...(panels ? { panels } : {})} />
    </PageShell>
  );
}
