import { z } from 'zod';
import { bool, int, nullableText, text } from './fields.js';
import { pageSchema } from './envelope.js';
import { filterParam, idParam, intParam, noNul, pagingParams } from './params.js';
import { auditActionFilterPattern } from './admin-audit.js';
import { actingOperatorShape } from './shapes.js';

/**
 * The operator console (issue 16) over /api/admin/*. Operators are not players: their own accounts, a
 * password plus TOTP, short sessions, and roles whose permissions live in one table (below). The web
 * imports these through the admin route tree only, so players never download them (sideEffects: false).
 */

/** Roles and what each may do: data, not code paths (the server checks every call against this). */
export const adminPermissions = [
  'dashboard.read',
  'boxes.read',
  'boxes.write',
  'items.read',
  'items.write',
  'withdrawals.read',
  'withdrawals.write',
  /** The withdrawal guard's settings (hold hours, review thresholds, issue 24): admin only. */
  'withdrawals.rules',
  'players.read',
  'players.write',
  'balances.adjust',
  'deposits.read',
  'deposits.write',
  /** Refunds of paid deposits (issue 27 §3): real money goes back to the payer. */
  'deposits.refund',
  'promotions.read',
  'promotions.write',
  'games.read',
  'games.write',
  'content.read',
  'content.write',
  'operators.read',
  'operators.write',
  'audit.read',
  /** Insider limits (issue 24 §11): the daily caps, approval thresholds and box return ceiling; admins only. */
  'limits.write',
] as const;
export type AdminPermission = (typeof adminPermissions)[number];

export const adminRoles = ['admin', 'operations', 'finance', 'support', 'content'] as const;
export type AdminRole = (typeof adminRoles)[number];

export const rolePermissions: Record<AdminRole, readonly AdminPermission[]> = {
  admin: adminPermissions,
  operations: [
    'dashboard.read',
    'boxes.read',
    'boxes.write',
    'items.read',
    'items.write',
    'withdrawals.read',
    'players.read',
    'promotions.read',
    'promotions.write',
    'games.read',
    'games.write',
    'content.read',
  ],
  finance: [
    'dashboard.read',
    'withdrawals.read',
    'withdrawals.write',
    'players.read',
    'balances.adjust',
    'deposits.read',
    'deposits.write',
    'deposits.refund',
    'audit.read',
  ],
  support: ['players.read', 'players.write', 'withdrawals.read', 'withdrawals.write', 'deposits.read', 'games.read'],
  content: ['content.read', 'content.write', 'promotions.read'],
};

export const roleHasPermission = (role: AdminRole, permission: AdminPermission) => rolePermissions[role].includes(permission);

/** Login names: 3–32 lower-case letters, digits, `.`, `_`, `-` (they appear in the audit log). */
export const operatorNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/, { error: '登录名为3-32位小写字母、数字或 . _ -' });
/** At least 12 characters for operators (more reach than a player's account), no spaces. */
export const operatorPasswordSchema = z.string().regex(/^\S{12,64}$/, { error: '密码至少12位，不含空格' });
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: '请输入6位动态验证码' });

export const adminLoginParams = z.object({
  name: z.string().trim().toLowerCase().min(1).max(32),
  password: z.string().min(1).max(64),
});
export const adminTotpParams = z.object({ code: totpCodeSchema });

/** POST /api/admin/login: a pending session; `enrolment` once, when two-factor is not set up yet. */
export const adminLoginResult = z.object({
  token: text,
  next: z.enum(['totp', 'enrol']),
  /** otpauth:// URI and its base32 secret, for the QR code and manual entry; shown only while enrolling. */
  enrolment: z.object({ uri: text, secret: text }).nullable(),
});
export type AdminLoginResult = z.infer<typeof adminLoginResult>;

export const operatorSchema = z.object({
  id: int,
  name: text,
  role: z.enum(adminRoles),
  enrolled: bool,
  disabled: bool,
  /** Must set a new password after two-factor (a reset, an initial password someone else chose). */
  mustChangePassword: bool,
  /** When the one-time password an admin issued stops working; null when the password does not expire. */
  passwordExpiresAt: nullableText,
  createdAt: text,
});
export type Operator = z.infer<typeof operatorSchema>;

export const adminMeResult = operatorSchema.extend({
  permissions: z.array(z.enum(adminPermissions)),
  /** When the session ends if left alone (idle timeout), ISO time. */
  idleExpiresAt: text,
});
export type AdminMe = z.infer<typeof adminMeResult>;

export const operatorListParams = pagingParams.extend({
  search: z.string().trim().max(32).refine(noNul).optional(),
  role: z.enum(adminRoles).optional(),
  /** -1 all, 0 active, 1 disabled. */
  disabled: filterParam.default(-1),
});
export const operatorPage = pageSchema(operatorSchema);

export const createOperatorParams = z.object({ name: operatorNameSchema, password: operatorPasswordSchema, role: z.enum(adminRoles) });
export const operatorRoleParams = z.object({ id: idParam, role: z.enum(adminRoles) });
export const operatorDisabledParams = z.object({
  id: idParam,
  disabled: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()),
});
export const operatorIdParams = z.object({ id: idParam });

/**
 * First admin from the command line (through the running server on PGlite). `generated`: the command made
 * the password up and printed it, so it is replaced at the first login (decision 0047).
 */
export const adminBootstrapParams = z.object({
  name: operatorNameSchema,
  password: operatorPasswordSchema,
  generated: bool.default(false),
});
export const adminBootstrapResult = z.object({ id: int, name: text });

export const auditEntrySchema = z.object({
  id: int,
  ...actingOperatorShape,
  at: text,
  action: text,
  targetType: text,
  targetId: nullableText,
  before: z.unknown(),
  after: z.unknown(),
  ip: nullableText,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, { error: '日期格式应为 YYYY-MM-DD' })
  .optional();
export const auditListParams = pagingParams.extend({
  operatorId: intParam(1, Number.MAX_SAFE_INTEGER).optional(),
  /** An action name as written (`player.adjustBalance`), matched whatever its letter case. */
  action: z.string().trim().max(64).regex(auditActionFilterPattern, { error: '操作名只能包含字母、数字和 . _ -' }).optional(),
  targetType: z
    .string()
    .trim()
    .max(32)
    .regex(/^[a-z0-9._-]*$/)
    .optional(),
  targetId: z.string().trim().max(64).refine(noNul).optional(),
  /** Inclusive day range (UTC+8 business days are the dashboard's concern; here plain timestamps). */
  from: isoDate,
  to: isoDate,
});
export const auditPage = pageSchema(auditEntrySchema);

// The audit log's list of actions.
export * from './admin-audit.js';
// The Boxes screen's calls (kept in their own file; exported with the rest of the console's contract).
export * from './admin-boxes.js';
// The Dashboard screen's call.
export * from './admin-dashboard.js';
