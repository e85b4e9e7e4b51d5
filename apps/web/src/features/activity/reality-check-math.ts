/**
 * Reality check timing (issue 18, decision 0043). Checks fall due every `intervalMinutes` of the play
 * session, counted from the login session's start on the server's clock, so a reload or a second tab
 * keeps the same schedule. The last check the player answered is remembered per session in this browser.
 */
export interface CheckSchedule {
  sessionStartMs: number;
  intervalMs: number;
  /** Server clock − browser clock when the answer arrived. */
  offsetMs: number;
}

/** The server's time at browser time `nowMs`. */
export const serverNow = (s: CheckSchedule, nowMs: number): number => nowMs + s.offsetMs;

/**
 * The next check after the player last answered one at server time `answeredMs` (0: never this session).
 * Counting from the answer's time, not its number, keeps the schedule right when the interval changes.
 */
export const nextCheckIndex = (s: CheckSchedule, answeredMs: number): number =>
  answeredMs > s.sessionStartMs ? Math.floor((answeredMs - s.sessionStartMs) / s.intervalMs) + 1 : 1;

/** Browser milliseconds until check number `index` falls due (0 when already due). */
export const msUntilCheck = (s: CheckSchedule, index: number, nowMs: number): number =>
  Math.max(0, s.sessionStartMs + index * s.intervalMs - (nowMs + s.offsetMs));

const ackKey = (sessionStart: string) => `skinfair.realityCheck.${sessionStart}`;

/** When the player last answered a check this session (server ms; 0: never); storage may be unavailable. */
export function readAnswered(sessionStart: string): number {
  try {
    const n = Number(window.localStorage.getItem(ackKey(sessionStart)));
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

export function writeAnswered(sessionStart: string, answeredMs: number): void {
  try {
    window.localStorage.setItem(ackKey(sessionStart), String(answeredMs));
  } catch {
    // Without storage a reload shows the check again: the safer side.
  }
}

/** Whole minutes as hours and minutes. */
export function splitMinutes(seconds: number): { hours: number; minutes: number } {
  const total = Math.floor(seconds / 60);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
