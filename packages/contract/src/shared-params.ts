import { z } from 'zod';
import { intParam, noNul } from './params.js';

/**
 * Parameter pieces several schema files share. Not part of the package's surface: index.ts does not export
 * this file, so the schemas built from these pieces are the contract, not the pieces.
 */

/** Why an operator acted: shown in the audit log (and to nobody else). */
export const reasonParam = z
  .string()
  .trim()
  .min(2, { error: '请填写原因（至少2个字）' })
  .max(200, { error: '原因不超过200字' })
  .refine(noNul);

/** A day (YYYY-MM-DD, UTC): `to` includes the whole day. */
export const dayParam = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为 YYYY-MM-DD' })
  .optional();

/** A JSON array, or its text: the console posts forms, so it sends a list (a ladder, a drop list) as one JSON field. */
export const jsonArray = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);

/** '', '-1', -1 and null mean "no filter". */
const emptyToUndefined = (v: unknown) => (v === '' || v === '-1' || v === -1 || v === null ? undefined : v);
/** A list filter a player's page may leave empty (or -1): absent. */
export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());
/** The catalogue's filters shared by the skin page and dream chasing: a grade (0 gold … 3 blue) and price bounds in fen. */
export const gradeFilter = optionalFilter(intParam(0, 3));
export const priceFenFilter = optionalFilter(intParam(0, 1_000_000_000));
