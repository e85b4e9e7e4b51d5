import { AppError } from '../errors.js';

/**
 * A console list's `YYYY-MM-DD` filter as the start of that day (UTC); with `nextDay` the start of the day
 * after, so that a `to` range includes the whole of its day.
 */
export function dayParam(value: string | undefined, nextDay: boolean): Date | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new AppError('PARAM_INVALID', `bad date ${value}`);
  if (nextDay) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}
