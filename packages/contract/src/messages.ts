import { z } from 'zod';
import { bool, int, text } from './fields.js';
import { idParam, intParam, pagingParams } from './params.js';

export const messageSummarySchema = z.object({
  id: int,
  title: text,
  summary: text,
  /** system, retrieval, reward, … */
  type: text,
  read: bool,
  createTime: text,
});
export const messageDetailSchema = messageSummarySchema.extend({ content: text });
export type MessageSummary = z.infer<typeof messageSummarySchema>;
export type MessageDetail = z.infer<typeof messageDetailSchema>;

/** state: -1 all, 0 unread, 1 read. */
export const listMessageParams = pagingParams.extend({ state: intParam(-1, 1).default(-1) });
export const messageDetailParams = z.object({ id: idParam });
