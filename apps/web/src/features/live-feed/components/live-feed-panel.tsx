import { useT } from '../../../shared/i18n/use-t';
import { useLiveStore } from '../../../shared/stores/live-store';
import { useSeedLiveFeed } from '../hooks/use-seed-live-feed';
import { DropList } from './drop-list';

/** Spec §4: "recent" holds every drop, "top" only grades 0 and 1; both at most 20, newest first. */
export default function LiveFeedPanel() {
  const t = useT();
  useSeedLiveFeed();
  const recent = useLiveStore((s) => s.recent);
  const top = useLiveStore((s) => s.top);
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-line bg-panel/60 p-4">
      <DropList title={t('feed.top')} drops={top} testId="live-feed-top" accent="bg-accent-red" />
      <DropList title={t('feed.recent')} drops={recent} testId="live-feed-recent" accent="bg-accent-cyan" />
    </div>
  );
}
