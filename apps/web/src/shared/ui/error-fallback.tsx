import { isChunkError } from '../chunk/lazy-chunk';
import { useT } from '../i18n/use-t';

/** Spec §8: the user sees one Chinese sentence and a reload button; details go to the console. */
export function ErrorFallback({ error }: { error: unknown }) {
  const t = useT();
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <p className="text-lg text-slate-200">{t(isChunkError(error) ? 'error.chunk' : 'error.page')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-lg bg-accent-orange px-5 py-2 font-semibold text-black hover:brightness-110"
      >
        {t('error.reload')}
      </button>
    </div>
  );
}
