import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { TitledSection } from '../../../shared/ui/titled-section';

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
    <TitledSection
      id="pf-explainer"
      title={t('fair.ex.title')}
      className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-5"
      testId="pf-explainer"
    >
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
    </TitledSection>
  );
}
