import { z } from 'zod';
import { apiGet } from '../../api/client';

/** The server answers {target, code, text, createTime}; code is null when the text holds none. */
const outboxEntrySchema = z.object({ code: z.string().nullable(), createTime: z.string() }).passthrough();
export interface OutboxEntry {
  code: string;
  createTime: string;
}

const withCode = (rows: z.infer<typeof outboxEntrySchema>[]): OutboxEntry[] =>
  rows.flatMap((row) => (row.code ? [{ code: row.code, createTime: row.createTime }] : []));

/**
 * Sandbox only (sysConfig.sandbox): the codes the fake SMS / mail providers "sent", newest first.
 * smsOutbox without a phone answers the logged-in caller's own number.
 */
export const fetchSmsOutbox = async (phone?: string) =>
  withCode(await apiGet('/api/sandbox/smsOutbox', phone ? { phone } : {}, { schema: z.array(outboxEntrySchema) }));

export const fetchMailOutbox = async (email: string) =>
  withCode(await apiGet('/api/sandbox/mailOutbox', { email }, { schema: z.array(outboxEntrySchema) }));
