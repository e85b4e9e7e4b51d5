/**
 * The drag-trail model (issue 9, item 2). The web slider sends every pointer sample as [x, y, ms] (y is
 * the pointer's vertical drift since the press) and every key press as [x, ms]. A trail passes when it
 * moves the way a hand or a keyboard user does; docs/decisions/0014-slider-captcha.md explains the rules.
 * Each rule is loose enough for a quick flick, a slow careful drag, an overshoot and a touch screen.
 */
export const SLIDER_TOLERANCE_PX = 5;

/** The handle's travel on the 300 px track with a 52 px piece: Home and End jump to its ends. */
const TRACK_MAX = 300 - 52;

const MAX_SAMPLES = 2000;
const MAX_DURATION_MS = 60_000;

interface PointerSample {
  x: number;
  y: number;
  t: number;
}

export type TrailVerdict = { ok: true } | { ok: false; reason: string };

const refuse = (reason: string): TrailVerdict => ({ ok: false, reason });

export function judgeTrail(trailJson: string, finalX: number): TrailVerdict {
  let trail: unknown;
  try {
    trail = JSON.parse(trailJson);
  } catch {
    return refuse('not json');
  }
  if (!Array.isArray(trail) || trail.length < 2 || trail.length > MAX_SAMPLES) return refuse('length');
  const numeric = (p: unknown): p is number[] => Array.isArray(p) && p.every((v) => typeof v === 'number' && Number.isFinite(v));
  if (!trail.every(numeric)) return refuse('samples');
  if (trail.every((p) => p.length === 3))
    return judgePointer(
      trail.map(([x, y, t]) => ({ x: x!, y: y!, t: t! })),
      finalX,
    );
  if (trail.every((p) => p.length === 2))
    return judgeKeys(
      trail.map(([x, t]) => ({ x: x!, t: t! })),
      finalX,
    );
  return refuse('mixed samples');
}

export const isPlausibleTrail = (trailJson: string, finalX: number) => judgeTrail(trailJson, finalX).ok;

/** Time at which the drag first gets `fraction` of the way to `distance`. */
function reachedAt(points: PointerSample[], distance: number, fraction: number): number {
  const goal = distance * fraction;
  return (points.find((p) => p.x >= goal) ?? points.at(-1)!).t;
}

function judgePointer(points: PointerSample[], finalX: number): TrailVerdict {
  const first = points[0]!;
  const last = points.at(-1)!;
  if (points.length < 8) return refuse('too few samples');
  for (let i = 1; i < points.length; i++) if (points[i]!.t < points[i - 1]!.t) return refuse('time goes back');
  const duration = last.t - first.t;
  if (first.t < 0 || duration < 200 || duration > MAX_DURATION_MS) return refuse('duration');
  if (Math.abs(first.x) > 3 || Math.abs(last.x - finalX) > SLIDER_TOLERANCE_PX) return refuse('ends');

  const steps = points.slice(1).map((p, i) => ({ dx: p.x - points[i]!.x, dt: p.t - points[i]!.t }));
  const distance = finalX;
  // A script that jumps: one sample covering most of the way, or most samples at the same instant.
  if (distance >= 40 && steps.some((s) => Math.abs(s.dx) > distance * 0.5)) return refuse('teleport');
  if (steps.filter((s) => s.dt === 0).length > steps.length / 2) return refuse('simultaneous samples');
  const backward = steps.reduce((sum, s) => sum + Math.max(0, -s.dx), 0);
  if (backward > distance * 0.6 + 30) return refuse('wanders back');
  const ys = points.map((p) => p.y);
  if (Math.max(...ys) - Math.min(...ys) > 200) return refuse('leaves the track');

  // A hand's speed changes all the time: equal steps, or two step sizes (fast then slow), are a script.
  const sizes = new Set(steps.filter((s) => Math.abs(s.dx) >= 1).map((s) => Math.round(Math.abs(s.dx))));
  if (sizes.size < 3) return refuse('step sizes');

  if (distance >= 30) {
    // Aiming slows a hand down: the last quarter of the way (with any overshoot and correction) takes
    // longer per pixel than the middle half. A constant-speed script does not.
    const t25 = reachedAt(points, distance, 0.25);
    const t75 = reachedAt(points, distance, 0.75);
    const start = (0.25 * distance) / Math.max(t25 - first.t, 1);
    const middle = (0.5 * distance) / Math.max(t75 - t25, 1);
    const end = (0.25 * distance) / Math.max(last.t - t75, 1);
    if (end > middle * 0.8) return refuse('no slowing down');
    // Two of three more signs of a hand: it picks up speed from rest, the pointer drifts up and down,
    // and the samples arrive at an uneven rhythm.
    const signs = [start <= middle, new Set(ys.map(Math.round)).size >= 2, new Set(steps.map((s) => Math.round(s.dt))).size >= 3];
    if (signs.filter(Boolean).length < 2) return refuse('machine-like');
  }
  return { ok: true };
}

/**
 * Arrow keys (the slider is keyboard accessible): the first sample is where the handle stood, then each
 * press moves at most 10 px (Home and End jump to the ends) at a person's or key-repeat rhythm, never
 * faster, with at least one pause of 100 ms or more.
 */
function judgeKeys(presses: Array<{ x: number; t: number }>, finalX: number): TrailVerdict {
  if (presses.length < 3) return refuse('too few presses');
  const duration = presses.at(-1)!.t - presses[0]!.t;
  if (presses[0]!.t < 0 || duration < 300 || duration > MAX_DURATION_MS * 2) return refuse('duration');
  if (Math.abs(presses.at(-1)!.x - finalX) > SLIDER_TOLERANCE_PX) return refuse('ends');
  const gaps = new Set<number>();
  for (let i = 1; i < presses.length; i++) {
    const dx = Math.abs(presses[i]!.x - presses[i - 1]!.x);
    const dt = presses[i]!.t - presses[i - 1]!.t;
    const jump = presses[i]!.x === 0 || presses[i]!.x === TRACK_MAX;
    if (dx > 10 && !jump) return refuse('key step');
    // The wait before the first press is a person's pause, however evenly the held key repeats after it.
    if (i > 1 && dt < 15) return refuse('key rhythm');
    gaps.add(Math.round(dt / 10));
  }
  // A held key repeats evenly, but only after the first press's longer delay; a metronome never pauses.
  return gaps.size >= 2 && Math.max(...gaps) >= 10 ? { ok: true } : refuse('key rhythm');
}
