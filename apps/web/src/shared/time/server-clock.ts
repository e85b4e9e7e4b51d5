/**
 * The server's clock as seen from this browser. Battle rounds are revealed on the server's schedule
 * (revealStartAt + k × roundMs), and every watcher must animate round k at the same moment, so a browser
 * whose clock is a few seconds off corrects by the offset measured on the boot call (sysConfig carries
 * serverTime). Half the round trip is the best estimate of when the server stamped its time.
 */
let offsetMs = 0;

export function noteServerTime(serverTimeIso: string, sentAtMs: number, receivedAtMs: number): void {
  const server = Date.parse(serverTimeIso);
  if (!Number.isFinite(server) || receivedAtMs < sentAtMs) return;
  offsetMs = server - (sentAtMs + receivedAtMs) / 2;
}

export const serverNow = (): number => Date.now() + offsetMs;

/** Tests start from a browser in step with the server. */
export const resetServerClock = (): void => {
  offsetMs = 0;
};
