import { formatDateTime } from '../../../shared/format/beijing-time';
import { formatMoney } from '../../../shared/format/money';

/** A moment in Beijing time ('—' for none): every console list and panel formats times this way (issue 30 §8). */
export const when = (iso: string | null) => formatDateTime(iso);

/** An amount in yuan with its sign before the ¥ ("-¥181.12"): the site's one money formatter. */
export const yuan = (fen: number) => formatMoney(fen);
