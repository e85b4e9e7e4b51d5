import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { CLIENT_SEED_PATTERN } from '@skinfair/fairness';
import { useT } from '../../../shared/i18n/use-t';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { newClientSeed } from '../../../shared/api/client-seed';
import { useCurrentSeed } from '../api/get-current-seed';
import { useResetSeed } from '../api/reset-seed';
import { useSetClientSeed } from '../api/set-client-seed';
import { TitledSection } from '../../../shared/ui/titled-section';

const mono = 'break-all font-mono text-xs text-slate-100';

/**
 * The active pair (only its hash), the client seed editor, the nonce, the next pair's hash, and 更换种子.
 * A pair without a client seed (issue 24 §13) offers one made in this browser, set without a rotation.
 */
export function SeedPanel() {
  const t = useT();
  const { data: current, isPending } = useCurrentSeed();
  const reset = useResetSeed();
  const setSeed = useSetClientSeed();
  const [draft, setDraft] = useState<string | null>(null);
  const [browserSeed] = useState(newClientSeed);
  if (isPending || !current) return <PageFallback />;
  const missing = current.clientSeed === null;
  const clientSeed = draft ?? current.clientSeed ?? browserSeed;
  const valid = CLIENT_SEED_PATTERN.test(clientSeed);
  const changed = clientSeed !== current.clientSeed;
  const busy = reset.isPending || setSeed.isPending;

  const onReset = () =>
    reset.mutate(changed ? clientSeed : undefined, {
      onSuccess: () => {
        setDraft(null);
        toast.success(t('fair.rotated'));
      },
    });
  const onSet = () =>
    setSeed.mutate(clientSeed, {
      onSuccess: () => {
        setDraft(null);
        toast.success(t('fair.clientSeedSet'));
      },
    });

  return (
    <TitledSection
      id="seed-current"
      title={t('fair.current')}
      className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5"
      testId="seed-panel"
    >
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1">
          <span className="text-sm text-slate-400">{t('fair.publicHash')}</span>
          <span className={mono} data-testid="current-public-hash">
            {current.publicHash}
          </span>
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-sm text-slate-400">{t('fair.nextPublicHash')}</span>
          <span className={mono} data-testid="next-public-hash">
            {current.nextPublicHash}
          </span>
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-sm text-slate-400">{t('fair.nonce')}</span>
          <span className="font-mono text-slate-100" data-testid="current-nonce">
            {current.nonce}
          </span>
        </div>
        <label className="flex flex-col gap-1 text-sm text-slate-400">
          {t('fair.clientSeed')}
          <span className="flex gap-2">
            <input
              value={clientSeed}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={64}
              spellCheck={false}
              aria-invalid={!valid}
              className="min-w-0 flex-1 rounded-lg border border-line bg-panel-2 px-3 py-2 font-mono text-sm text-white"
              data-testid="client-seed-input"
            />
            <button
              type="button"
              onClick={() => setDraft(newClientSeed())}
              className="shrink-0 rounded-lg border border-line bg-panel-2 px-3 py-2 text-sm text-slate-200 hover:brightness-125"
              data-testid="random-seed"
            >
              {t('fair.randomSeed')}
            </button>
          </span>
          {valid ? null : <span className="text-xs text-accent-red">{t('fair.bad.clientSeed')}</span>}
        </label>
      </div>
      <p className="text-sm text-slate-400" data-testid={missing ? 'client-seed-missing' : undefined}>
        {missing ? t('fair.clientSeedMissing') : t('fair.rotateExplain')}
      </p>
      <button
        type="button"
        onClick={missing ? onSet : onReset}
        disabled={!valid || busy}
        className="self-start rounded-lg bg-accent-purple px-6 py-2 font-semibold text-black hover:brightness-110 disabled:opacity-50"
        data-testid={missing ? 'set-client-seed' : 'rotate-seed'}
      >
        {missing ? t('fair.setClientSeed') : changed ? t('fair.rotateWithSeed') : t('fair.rotate')}
      </button>
    </TitledSection>
  );
}
