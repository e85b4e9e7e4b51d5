import { formatFen } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';

/** "100 积分" / "8.80 金币": an amount in fen of points or coins. */
export function useRewardLabel(): (fen: number, kind: 'point' | 'coin') => string {
  const t = useT();
  return (fen, kind) => t(kind === 'point' ? 'event.amountPoints' : 'event.amountCoins', { amount: formatFen(fen) });
}
