import { isPlaceholderContact, type CustomerService, type Lang, type SupportContact } from '@skinfair/contract';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Executor, Tx } from '../../platform/db/client.js';
import { readSettings, writeSetting } from '../common/index.js';

/**
 * The customer-service contact ways (spec §1 customer-service link). The SUPPORT_* environment
 * (.env.example) is the default and the boot value; the console saves an override in site_settings under
 * this key (issue 27 §5), read on every call (no cache), so every node serves a save from the next request.
 */
export const SUPPORT_CONTACT_KEY = 'supportContact';

const storedSchema = z.object({
  email: z.string().min(1),
  chatUrl: z.string().nullable(),
  hoursZh: z.string().min(1),
  hoursEn: z.string().min(1),
  replyWithinHours: z.number().int().min(1),
});
type Stored = z.infer<typeof storedSchema>;

const fromConfig = (support: Config['support']): Stored => ({
  email: support.email,
  chatUrl: support.chatUrl,
  hoursZh: support.hours.zh,
  hoursEn: support.hours.en,
  replyWithinHours: support.replyWithinHours,
});

/** Issue 27 §6: an example address or link players would be sent to (the dashboard shows it in red). */
export const isPlaceholderSupport = (c: Pick<Stored, 'email' | 'chatUrl'>) =>
  isPlaceholderContact(c.email) || (c.chatUrl !== null && isPlaceholderContact(c.chatUrl));

/** What players are shown now; a stored value that no longer passes the schema falls back to the environment. */
export async function readSupportContact(ex: Executor, support: Config['support']): Promise<SupportContact> {
  const stored = storedSchema.safeParse((await readSettings(ex)).get(SUPPORT_CONTACT_KEY));
  const values = stored.success ? stored.data : fromConfig(support);
  return { ...values, saved: stored.success, placeholder: isPlaceholderSupport(values) };
}

/** Saves in the caller's transaction (the caller validated the values and writes the audit row). */
export const writeSupportContact = (tx: Tx, values: Stored) => writeSetting(tx, SUPPORT_CONTACT_KEY, values);

export async function customerService(ex: Executor, support: Config['support'], lang: Lang): Promise<CustomerService> {
  const c = await readSupportContact(ex, support);
  return {
    email: c.email,
    hours: lang === 'en' ? c.hoursEn : c.hoursZh,
    replyWithinHours: c.replyWithinHours,
    chatUrl: c.chatUrl,
    documentKey: 'support',
  };
}
