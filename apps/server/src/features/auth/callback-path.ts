/** Only same-site paths: "//evil.com" or "https://evil.com" would turn the login into an open redirect. */
export function safeCallbackPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value.length > 500 ? '/' : value;
}
