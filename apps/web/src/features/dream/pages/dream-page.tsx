import { useState } from 'react';
import type { DreamTarget } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { useDreamConfig } from '../api/get-upgrade-config';
import { DreamRecords } from '../components/dream-records';
import { DreamStage } from '../components/dream-stage';
import { TargetPicker } from '../components/target-picker';

/**
 * Spec §2 /dream: dream chasing 追梦. Pick a target, set the win probability between the configured bounds,
 * stake coins and backpack items for the dream fee, and watch the ring stop on the server's roll.
 */
export default function DreamPage() {
  const t = useT();
  const config = useDreamConfig();
  const [target, setTarget] = useState<DreamTarget | null>(null);

  let body;
  if (config.isPending) body = <PageFallback />;
  else if (config.isError) {
    body = (
      <EmptyState message={t('dream.configFailed')}>
        <button type="button" onClick={() => void config.refetch()} className="rounded-lg border border-line px-5 py-2 text-sm">
          {t('dream.retry')}
        </button>
      </EmptyState>
    );
  } else {
    body = (
      <div className="grid gap-4 lg:grid-cols-2">
        <DreamStage config={config.data} target={target} />
        <TargetPicker selectedId={target?.id ?? null} onSelect={setTarget} />
      </div>
    );
  }
  return (
    <PageShell titleId="title.dream" subtitle={t('dream.subtitle')}>
      {body}
      <DreamRecords />
    </PageShell>
  );
}
