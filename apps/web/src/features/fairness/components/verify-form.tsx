import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { checkInput, parseRanges, verifyRoll, type Game, type VerifyOutcome, type VerifyProblem } from '../verify-roll';
import { VerifySteps } from './verify-steps';

const problemText: Record<VerifyProblem, MessageId> = {
  serverSeed: 'fair.bad.serverSeed',
  secretSalt: 'fair.bad.secretSalt',
  clientSeed: 'fair.bad.clientSeed',
  nonce: 'fair.bad.nonce',
};

const field = 'w-full rounded-lg border border-line bg-panel-2 px-3 py-2 font-mono text-sm text-white placeholder:text-slate-600';

// The revealed pair and the roll's inputs, in the order the seed history lists them.
const seedFields: { key: 'serverSeed' | 'secretSalt' | 'clientSeed' | 'publicHash'; label: MessageId; hint?: MessageId; wide?: true }[] = [
  { key: 'serverSeed', label: 'fair.serverSeed', hint: 'fair.serverSeedHint', wide: true },
  { key: 'secretSalt', label: 'fair.secretSalt', hint: 'fair.saltHint' },
  { key: 'clientSeed', label: 'fair.clientSeed' },
  { key: 'publicHash', label: 'fair.publicHash', hint: 'fair.optional', wide: true },
];

/**
 * /provably-fair/verify: anyone can paste a revealed pair and recompute a roll here. The seed history
 * links here with the fields filled in through the query string.
 */
export function VerifyForm() {
  const t = useT();
  const [search] = useSearchParams();
  const [values, setValues] = useState({
    game: (search.get('game') === 'dream' ? 'dream' : 'case') as Game,
    serverSeed: search.get('serverSeed') ?? '',
    secretSalt: search.get('secretSalt') ?? '',
    publicHash: search.get('publicHash') ?? '',
    clientSeed: search.get('clientSeed') ?? '',
    nonce: search.get('nonce') ?? '0',
    ranges: '',
  });
  const [result, setResult] = useState<{ outcome: VerifyOutcome | null; problems: MessageId[] }>({
    outcome: null,
    problems: [],
  });
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      serverSeed: values.serverSeed.trim(),
      secretSalt: values.secretSalt.trim(),
      clientSeed: values.clientSeed.trim(),
      nonce: /^\d+$/.test(values.nonce.trim()) ? Number(values.nonce.trim()) : -1,
    };
    const problems: MessageId[] = checkInput(input).map((p) => problemText[p]);
    const ranges = parseRanges(values.ranges);
    if (!ranges) problems.push('fair.bad.ranges');
    if (problems.length > 0 || !ranges) {
      setResult({ outcome: null, problems });
      return;
    }
    setResult({
      outcome: verifyRoll({ ...input, game: values.game, publicHash: values.publicHash.trim(), ranges }),
      problems: [],
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <form
        onSubmit={onSubmit}
        className="grid gap-4 rounded-xl border border-line bg-panel p-5 md:grid-cols-2"
        noValidate
        data-testid="verify-form"
      >
        <label className="flex flex-col gap-1 text-sm text-slate-300">
          {t('fair.game')}
          <select value={values.game} onChange={set('game')} className={field}>
            <option value="case">{t('fair.game.case')}</option>
            <option value="dream">{t('fair.game.dream')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-300">
          {t('fair.nonce')}
          <input value={values.nonce} onChange={set('nonce')} inputMode="numeric" className={field} />
        </label>
        {seedFields.map((f) => (
          <label key={f.key} className={`flex flex-col gap-1 text-sm text-slate-300${f.wide ? ' md:col-span-2' : ''}`}>
            {t(f.label)}
            <input
              value={values[f.key]}
              onChange={set(f.key)}
              placeholder={f.hint ? t(f.hint) : undefined}
              className={field}
              spellCheck={false}
            />
          </label>
        ))}
        <label className="flex flex-col gap-1 text-sm text-slate-300 md:col-span-2">
          {t('fair.ranges')}
          <textarea
            value={values.ranges}
            onChange={set('ranges')}
            rows={4}
            placeholder={'5001:1:79920\n5002:79921:95900'}
            className={field}
          />
        </label>
        <div className="md:col-span-2">
          <button
            type="submit"
            className="rounded-lg bg-accent-orange px-6 py-2 font-semibold text-black hover:brightness-110"
            data-testid="verify-submit"
          >
            {t('fair.verify')}
          </button>
        </div>
      </form>
      {result.problems.length > 0 ? (
        <ul role="alert" className="rounded-lg border border-accent-red/40 bg-accent-red/10 px-4 py-3 text-sm text-accent-red">
          {result.problems.map((p) => (
            <li key={p}>{t(p)}</li>
          ))}
        </ul>
      ) : null}
      {result.outcome ? (
        <VerifySteps outcome={result.outcome} serverSeed={values.serverSeed.trim()} publicHash={values.publicHash.trim()} />
      ) : null}
    </div>
  );
}
