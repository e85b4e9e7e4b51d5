/**
 * The device id the web app keeps (a random value in localStorage, sent as the `device-id` header on
 * every API call; docs/decisions/0016). It is only a hint — a script can send any value — so a value of
 * the wrong shape is ignored rather than refused, and nothing that matters rests on it alone.
 */
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

export const DEVICE_ID_HEADER = 'device-id';

export function deviceIdOf(req: { headers: Record<string, string | string[] | undefined> }): string | null {
  const value = req.headers[DEVICE_ID_HEADER];
  return typeof value === 'string' && DEVICE_ID.test(value) ? value : null;
}
