import type { JobHandler } from '../../platform/jobs/index.js';
import type { SmsProvider } from '../../platform/providers/index.js';

/**
 * Sends the SMS of a security notice (issue 24 §2) after the change committed. A gateway failure fails the
 * job, which retries with back-off (a few times: a notice days late helps nobody); the change itself and the
 * in-site message stand either way. Without a notice template (SMS_PROVIDER's *_NOTICE_TEMPLATE_* unset)
 * the notice stays in-site only, and the log says so.
 */
export function securityNoticeJob(sms: SmsProvider, log: { warn: (o: object, m?: string) => void }): JobHandler {
  return async (payload, { tx }) => {
    const phone = String(payload.phone ?? '');
    if (!phone) return;
    if (!sms.sendNotice) {
      log.warn({ provider: sms.name, change: payload.change }, 'no SMS notice template configured: security notice sent in-site only');
      return;
    }
    await sms.sendNotice(
      phone,
      {
        params: { change: String(payload.change ?? ''), until: String(payload.until ?? '') },
        text: String(payload.text ?? ''),
      },
      { tx },
    );
  };
}
