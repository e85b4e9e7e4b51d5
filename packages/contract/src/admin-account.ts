import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { idParam } from './params.js';
import { operatorPasswordSchema, operatorSchema } from './admin.js';

/**
 * An operator's own password and sessions, and an admin's password reset (issue 24 §10, decision 0047).
 */

/** POST /api/admin/account/password: the current password and a new one (the first admin's rule). */
export const changeOwnPasswordParams = z.object({ currentPassword: z.string().min(1).max(64), newPassword: operatorPasswordSchema });
/** The operator's other sessions ended by the change (this one stays). */
export const changeOwnPasswordResult = z.object({ endedSessions: int });

/** GET /api/admin/account/sessions: the operator's live sessions, newest first. */
export const operatorSessionSchema = z.object({
  id: int,
  createdAt: text,
  lastSeenAt: text,
  ip: nullableText,
  /** False while only the password step is done (someone holding the password, if it is not you). */
  verified: bool,
  /** The session making this call. */
  current: bool,
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;
export const operatorSessionList = z.array(operatorSessionSchema);

export const endOperatorSessionParams = z.object({ id: idParam });
export const endedSessionsResult = z.object({ ended: int });

/**
 * An admin's reset of another operator's password or two-factor: the operator as it is now and the new
 * one-time password, shown once (the server keeps only its hash) and good until `expiresAt`.
 */
export const operatorResetResult = z.object({ operator: operatorSchema, oneTimePassword: text, expiresAt: text });
export type OperatorResetResult = z.infer<typeof operatorResetResult>;
