import { useT } from '../../../shared/i18n/use-t';

/** The activity's rules, folded away until asked for. */
export function Rules({ text }: { text: string }) {
  const t = useT();
  return (
    <details className="text-sm text-slate-300">
      <summary className="cursor-pointer text-accent-cyan hover:underline">{t('event.rules')}</summary>
      <p className="mt-2 whitespace-pre-line leading-relaxed">{text}</p>
    </details>
  );
}
