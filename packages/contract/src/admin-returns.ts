import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { pageSchema } from './envelope.js';
import { intParam, noNul, pagingParams } from './params.js';
import { liveReturnSchema, RETURN_WINDOW_DEFAULT, RETURN_WINDOW_MAX, RETURN_WINDOW_MIN } from './returns.js';

/**
 * Operator console screen 3 (live return per box), issue 16: every box's declared return against the
 * return of its last N openings, with the band and the alert (docs/decisions/0033). Read only.
 */
export const adminReturnListParams = pagingParams.extend({
  /** A box id (digits) or part of its name. */
  search: z.string().trim().max(40).refine(noNul).optional(),
  alerts: z.enum(['all', 'only']).default('all'),
  /** Openings counted per box. */
  window: intParam(RETURN_WINDOW_MIN, RETURN_WINDOW_MAX).default(RETURN_WINDOW_DEFAULT),
});

export const adminBoxReturnSchema = liveReturnSchema.extend({
  boxId: int,
  name: text,
  image: nullableText,
  enabled: bool,
  priceFen: int,
  version: int,
});
export type AdminBoxReturn = z.infer<typeof adminBoxReturnSchema>;
export const adminReturnPage = pageSchema(adminBoxReturnSchema);
