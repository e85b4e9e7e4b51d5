import { useMoney } from '../../../shared/ui/price';

const tones = { purple: 'text-accent-purple', cyan: 'text-accent-cyan' } as const;

interface BonusLineProps {
  label: string;
  fen: number;
  /** Purple for the first-deposit bonus (paid now or held), cyan for the VIP and coupon bonuses. */
  tone: keyof typeof tones;
  /** The preview and the result set the amounts in bold; the confirm step does not. */
  bold?: boolean;
  testId?: string;
}

/** One "+¥x" line of a deposit's breakdown (a term and its amount in a <dl>); nothing when there is no such bonus. */
export function BonusLine({ label, fen, tone, bold = false, testId }: BonusLineProps) {
  const money = useMoney();
  if (fen <= 0) return null;
  return (
    <>
      <dt className="text-slate-400">{label}</dt>
      <dd className={`text-end ${bold ? 'font-semibold ' : ''}${tones[tone]}`} data-testid={testId}>
        +{money(fen)}
      </dd>
    </>
  );
}
