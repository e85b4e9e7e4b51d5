import type { ReactNode } from 'react';
import type { BeaconCheck } from '@skinfair/fairness';
import { useT } from '../i18n/use-t';
import type { MessageId } from '../i18n/zh-CN';
import { monoText, VerifyMark } from './verify-mark';

/** One part of a draw's verify page (the seeds, the beacon, the rolls): a titled list of labelled values. */
export function VerifySection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl border border-line bg-panel p-4" data-testid={testId}>
      <h2 className="mb-3 font-semibold text-white">{title}</h2>
      <dl className="flex flex-col gap-2">{children}</dl>
    </section>
  );
}

/** One labelled value of a section; long hex wraps. */
export function VerifyField({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3" data-testid={testId}>
      <dt className="shrink-0 text-xs text-slate-500 sm:w-44">{label}</dt>
      <dd className="min-w-0 flex-1 text-sm text-slate-200">{children}</dd>
    </div>
  );
}

/** The development beacon is predictable by design (PF v1 §9): said first, and loudly. */
export function LocalBeaconWarning({ text }: { text: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-accent-orange/40 bg-accent-orange/10 px-3 py-2 text-sm text-accent-orange"
      data-testid="verify-local-beacon"
    >
      {text}
    </p>
  );
}

interface CheckedFieldProps {
  label: string;
  /** The published value (hex, a signature), in monospace. */
  value: ReactNode;
  ok: boolean | null;
  checkTestId: string;
  valueTestId?: string;
  /** The rule the browser checked the value against. */
  rule: string;
  /** What the browser computed instead, shown on a mismatch. */
  computed?: string | null;
}

/** A published value and its check: the ✓/✗, the rule, and on a mismatch what this browser computed. */
export function CheckedField({ label, value, ok, checkTestId, valueTestId, rule, computed }: CheckedFieldProps) {
  return (
    <VerifyField label={label}>
      <span className={monoText} data-testid={valueTestId}>
        {value}
      </span>
      <VerifyMark ok={ok} testId={checkTestId} />
      <p className="text-xs text-slate-500">{rule}</p>
      {computed ? <p className={monoText}>{computed}</p> : null}
    </VerifyField>
  );
}

/** Where a verify page keeps its beacon words (signature, signatureRule, randomness, localRule, drandRule). */
type BeaconWords = 'battle.verify.beacon' | 'giveaway.verify';
type BeaconWord = 'signature' | 'signatureRule' | 'randomness' | 'localRule' | 'drandRule';
// A typed template: a word missing from either page's catalogue section fails to compile.
const beaconWord = (words: BeaconWords, word: BeaconWord): MessageId => `${words}.${word}`;

interface BeaconChecksProps {
  beacon: BeaconCheck;
  signature: string | null;
  randomness: string | null;
  words: BeaconWords;
  /** "computed: {value}", shown under a randomness that does not match. */
  computed: MessageId;
}

export function BeaconChecks({ beacon, signature, randomness, words, computed: computedText }: BeaconChecksProps) {
  const t = useT();
  const local = beacon.source === 'local';
  const computed = beacon.expectedRandomness && !beacon.randomnessOk ? t(computedText, { value: beacon.expectedRandomness }) : null;
  return (
    <>
      {local ? null : (
        <CheckedField
          label={t(beaconWord(words, 'signature'))}
          value={signature ?? '—'}
          valueTestId="verify-signature"
          ok={beacon.signatureOk}
          checkTestId="verify-signature-check"
          rule={t(beaconWord(words, 'signatureRule'))}
        />
      )}
      <CheckedField
        label={t(beaconWord(words, 'randomness'))}
        value={randomness ?? '—'}
        valueTestId="verify-randomness"
        ok={beacon.randomnessOk}
        checkTestId="verify-randomness-check"
        rule={t(beaconWord(words, local ? 'localRule' : 'drandRule'))}
        computed={computed}
      />
    </>
  );
}
