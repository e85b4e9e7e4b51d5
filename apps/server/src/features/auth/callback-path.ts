import { sameSitePath } from '@skinfair/contract';

/**
 * Where a login or Steam link sends the browser back to: a path on this site (`PUBLIC_URL`'s origin), or
 * "/" for anything else. "//evil.com", "/\t/evil.com" or "https://evil.com" would turn it into an open
 * redirect; the rule (shared with the web's post-login redirect) is `sameSitePath`.
 */
export function safeCallbackPath(value: string | undefined, publicUrl: string): string {
  return sameSitePath(value, publicUrl) ?? '/';
}
