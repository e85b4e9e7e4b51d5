import { useT } from '../../../shared/i18n/use-t';
import { useMoney } from '../../../shared/ui/price';
import { vipProgress } from '../personal-math';

interface GradeInfoLike {
  exp: number;
  nextGrade: number | null;
  nextExp: number | null;
  grades: readonly { grade: number; name: string }[];
}

/** Experience (fen deposited) toward the next grade, as a bar and "¥exp / ¥next". */
export function VipProgressBar({ info }: { info: GradeInfoLike }) {
  const t = useT();
  const money = useMoney();
  const { percent, remaining } = vipProgress(info.exp, info.nextExp);
  const next = info.grades.find((g) => g.grade === info.nextGrade);
  return (
    <div className="flex flex-col gap-1.5" data-testid="vip-progress">
      <div
        role="progressbar"
        aria-label={t('vip.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 w-full overflow-hidden rounded-full bg-surface"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-accent-cyan to-accent-purple" style={{ width: `${percent}%` }} />
      </div>
      <p className="flex flex-wrap justify-between gap-2 text-xs text-slate-400">
        <span data-testid="vip-exp">{info.nextExp === null ? money(info.exp) : `${money(info.exp)} / ${money(info.nextExp)}`}</span>
        <span data-testid="vip-next">
          {next && info.nextGrade !== null
            ? t('vip.toNext', { amount: money(remaining), grade: info.nextGrade, name: next.name })
            : t('vip.top')}
        </span>
      </p>
    </div>
  );
}
