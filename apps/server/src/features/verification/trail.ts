/**
 * Sanity check of a slider drag (issue 3: "a drag-trajectory sanity check"). A script that posts the
 * answer directly, or moves at one constant speed, is refused; a person's drag passes easily.
 */
export const SLIDER_TOLERANCE_PX = 5;

export function isPlausibleTrail(trailJson: string, finalX: number): boolean {
  let trail: unknown;
  try {
    trail = JSON.parse(trailJson);
  } catch {
    return false;
  }
  if (!Array.isArray(trail) || trail.length < 5 || trail.length > 1000) return false;
  const points: Array<[number, number]> = [];
  for (const p of trail) {
    if (!Array.isArray(p) || p.length !== 2 || !p.every((v) => typeof v === 'number' && Number.isFinite(v))) return false;
    points.push([p[0], p[1]]);
  }
  const duration = points.at(-1)![1] - points[0]![1];
  if (duration < 150 || duration > 60_000) return false;
  for (let i = 1; i < points.length; i++) if (points[i]![1] < points[i - 1]![1]) return false;
  if (Math.abs(points.at(-1)![0] - finalX) > SLIDER_TOLERANCE_PX) return false;
  // A human hand changes speed (several step sizes); a person on the keyboard moves in equal steps but
  // at an uneven rhythm (several pauses between presses). A script doing neither is refused.
  const steps = new Set<number>();
  const pauses = new Set<number>();
  for (let i = 1; i < points.length; i++) {
    steps.add(Math.round(points[i]![0] - points[i - 1]![0]));
    pauses.add(Math.round((points[i]![1] - points[i - 1]![1]) / 10));
  }
  return steps.size >= 2 || pauses.size >= 3;
}
