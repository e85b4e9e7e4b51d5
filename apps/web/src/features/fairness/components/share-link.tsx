import { toast } from '../../../shared/ui/toast';
import { useT } from '../../../shared/i18n/use-t';

/** The page of a roll as anyone may open it: by its random share id, never by its countable number. */
export const shareUrl = (shareId: string, origin: string = window.location.origin) => `${origin}/provably-fair/verify/${shareId}`;

/** The owner's share link of one roll, selectable and copyable. */
export function ShareLink({ shareId }: { shareId: string }) {
  const t = useT();
  const url = shareUrl(shareId);
  const copy = () =>
    void (navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'))).then(
      () => toast.success(t('common.copied'), { id: 'copied' }),
      () => toast.error(t('common.copyFailed')),
    );
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex min-w-0 gap-2">
        <input
          readOnly
          value={url}
          aria-label={t('fair.shareLink')}
          data-testid="share-link"
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-line bg-panel-2 px-2 py-1 font-mono text-xs text-slate-200"
        />
        <button
          type="button"
          onClick={copy}
          className="shrink-0 rounded-lg bg-panel-2 px-3 py-1 text-xs text-slate-100 hover:brightness-125"
        >
          {t('common.copy')}
        </button>
      </div>
      <p className="text-xs text-slate-500">{t('fair.shareHint')}</p>
    </div>
  );
}
