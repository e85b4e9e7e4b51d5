/** The longest callback path accepted from a player (the start parameters cap it too). */
export const MAX_CALLBACK_PATH_LENGTH = 500;
/** After normalisation (percent-encoding of non-ASCII) a path may grow; this bounds what is handed on. */
const MAX_NORMALISED_LENGTH = 2000;
/**
 * C0 and C1 controls, DEL and the backslash. URL parsers drop tabs and newlines ("/\t/evil.com" becomes
 * "//evil.com") and read "\" as "/" ("/\evil.com"), so none of them may appear, raw or percent-encoded.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * A path on this site to send a browser to after a login, or null (issue 24 §7). The value must be a
 * path ("/…"), parse against `origin` to that same origin, and hold no control character or backslash,
 * raw or percent-decoded. The answer is what the URL parser made of it (pathname, search and hash),
 * checked again: "/.//evil.com" normalises to "//evil.com". Server and web use this one rule.
 */
export function sameSitePath(value: string | null | undefined, origin: string): string | null {
  if (!value || value.length > MAX_CALLBACK_PATH_LENGTH || !value.startsWith('/') || UNSAFE.test(value)) return null;
  let decoded: string;
  let base: URL;
  let url: URL;
  try {
    decoded = decodeURIComponent(value);
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (UNSAFE.test(decoded) || decoded.startsWith('//') || url.origin !== base.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith('/') || path.startsWith('//') || path.length > MAX_NORMALISED_LENGTH) return null;
  return path;
}
