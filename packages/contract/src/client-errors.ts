import { z } from 'zod';
import { intParam } from './params.js';

/**
 * A browser error report (issue 27 §10): what broke in a player's page, so an operator sees it in the
 * server's log beside the request id. Bounded so a report is a few KiB at most: a message, the top of a
 * stack, the page and the web build that ran it.
 */
export const clientErrorKinds = ['error', 'unhandledrejection', 'boundary', 'route'] as const;
export type ClientErrorKind = (typeof clientErrorKinds)[number];

export const CLIENT_ERROR_LIMITS = { message: 500, stack: 4_000, page: 500, release: 64 } as const;

/** Control characters would let a report forge lines in a plain-text log view; newlines stay in stacks. */
const printable = (s: string) =>
  [...s].every((c) => {
    const code = c.charCodeAt(0);
    return code === 0x09 || code === 0x0a || (code >= 0x20 && code !== 0x7f);
  });

export const clientErrorParams = z.object({
  kind: z.enum(clientErrorKinds),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message).refine(printable),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).refine(printable).optional(),
  /** The page's path and query (no origin: it is this site). */
  page: z
    .string()
    .max(CLIENT_ERROR_LIMITS.page)
    .regex(/^\/[^\s]*$/),
  /** The web build that ran (its version and commit, apps/web/vite.config.ts). */
  release: z.string().regex(/^[\w.+-]{1,64}$/),
  /** The same error seen again in the page since its last report (the reporter folds repeats). */
  repeats: intParam(0, 1_000_000).default(0),
});
export type ClientErrorReport = z.input<typeof clientErrorParams>;
