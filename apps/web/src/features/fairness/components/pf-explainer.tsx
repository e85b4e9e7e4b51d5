import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';

const sections: { title: MessageId; body: MessageId }[] = [
  { title: 'fair.ex.commitTitle', body: 'fair.ex.commit' },
  { title: 'fair.ex.clientSeedTitle', body: 'fair.ex.clientSeed' },
  { title: 'fair.ex.streamTitle', body: 'fair.ex.stream' },
  { title: 'fair.ex.rejectTitle', body: 'fair.ex.reject' },
  { title: 'fair.ex.rangesTitle', body: 'fair.ex.ranges' },
  { title: 'fair.ex.rotateTitle', body: 'fair.ex.rotate' },
];

/** PF v1 in plain Chinese: commitment, the browser's client seed, HMAC-SHA256 stream, rejection sampling, ranges, rotation. */
export function PfExplainer() {
  const t = useT();
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-5"
      aria-labelledby="pf-explainer"
      data-testid="pf-explainer"
    >
      <h2 id="pf-explainer" className="text-lg font-semibold text-white">
        {t('fair.ex.title')}
      </h2>
      <ol className="flex flex-col gap-3">
        {sections.map((s, i) => (
          <li key={s.title} className="text-sm leading-relaxed text-slate-300">
            <h3 className="font-semibold text-slate-100">
              {i + 1}. {t(s.title)}
            </h3>
            <p className="whitespace-pre-line">{t(s.body)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
