import { useSysConfig } from '../api/common-queries';
import { formatMoney } from '../format/money';

/** An amount in fen, shown with the site's currency symbol (spec §5). */
export function Price({ fen, className }: { fen: number; className?: string }) {
  const symbol = useSysConfig().data?.currencySymbol ?? '¥';
  return <span className={className}>{formatMoney(fen, symbol)}</span>;
}

/** The same formatting for text built around an amount ("兑换 ¥12.50"). */
export function useMoney(): (fen: number) => string {
  const symbol = useSysConfig().data?.currencySymbol ?? '¥';
  return (fen) => formatMoney(fen, symbol);
}
