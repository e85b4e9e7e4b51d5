import { useT } from '../i18n/use-t';

/**
 * "演示" on a seeded or sandbox drop, laid over its picture: demo data is never passed off as a real
 * opening (decision 0017). The parent must be positioned.
 */
export function DemoBadge() {
  const t = useT();
  return (
    <span
      data-testid="drop-demo"
      title={t('feed.demoHint')}
      className="absolute start-1 top-1 rounded bg-slate-900/80 px-1 text-[10px] leading-4 text-slate-300"
    >
      {t('feed.demo')}
    </span>
  );
}
