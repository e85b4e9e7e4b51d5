import { z } from 'zod';
import { idParam, intParam, pagingParams } from './params.js';

export const messageSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** system, retrieval, reward, … */
  type: z.string(),
  read: z.boolean(),
  createTime: z.string(),
});
export const messageDetailSchema = messageSummarySchema.extend({ content: z.string() });
export type MessageSummary = z.infer<typeof messageSummarySchema>;
export type MessageDetail = z.infer<typeof messageDetailSchema>;

/** state: -1 all, 0 unread, 1 read. */
export const listMessageParams = pagingParams.extend({ state: intParam(-1, 1).default(-1) });
export const messageDetailParams = z.object({ id: idParam });
