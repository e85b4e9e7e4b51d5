/** 2026-11-26 00:00 in Beijing time (UTC+8 all year), the time the server's messages use. */
export const beijingTime = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
