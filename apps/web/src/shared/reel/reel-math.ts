/**
 * Geometry and timing of the opening reel. The result is decided by the server before the animation
 * starts (PF v1 W12); this module only computes where the strip must stop so the won card sits under
 * the marker, and how long the deceleration takes.
 */
export const CARD_WIDTH = 120;
export const CARD_GAP = 8;
export const CARD_PITCH = CARD_WIDTH + CARD_GAP;
/** Cards in one strip, and where the won card is placed: far enough for a long run, with cards after it. */
export const STRIP_LENGTH = 48;
export const WIN_INDEX = 40;
export const NORMAL_DURATION_MS = 6000;
/** settings.fastMode (and prefers-reduced-motion) shortens the run to about 0.6 s. */
export const FAST_DURATION_MS = 600;
/** The marker never lands this close to a card's edge, so the won card is never ambiguous. */
export const EDGE_MARGIN = 12;

export function reelDurationMs(opts: { fast: boolean; reducedMotion: boolean }): number {
  return opts.fast || opts.reducedMotion ? FAST_DURATION_MS : NORMAL_DURATION_MS;
}

/** A cosmetic offset inside the won card (never outside it), from a random number in [0, 1). */
export function landingJitter(random: number): number {
  const half = CARD_WIDTH / 2 - EDGE_MARGIN;
  return (random * 2 - 1) * half;
}

/**
 * How far (px) the strip moves left so that the marker, at the middle of a viewport `viewportWidth` wide,
 * ends over card `index`, `jitter` px from its centre.
 */
export function landingOffset(index: number, viewportWidth: number, jitter = 0): number {
  return index * CARD_PITCH + CARD_WIDTH / 2 + jitter - viewportWidth / 2;
}

/** The card under the marker when the strip has moved `offset` px (a gap counts as the card before it). */
export function cardIndexAt(offset: number, viewportWidth: number): number {
  return Math.floor((offset + viewportWidth / 2) / CARD_PITCH);
}

/** Decelerating curve: fast start, long slow end (ease-out quint). */
export function easeOut(progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  return 1 - (1 - p) ** 5;
}

/** Strip position after `elapsedMs` of a run of `durationMs` towards `target`. */
export function offsetAt(elapsedMs: number, durationMs: number, target: number): number {
  if (durationMs <= 0) return target;
  return target * easeOut(elapsedMs / durationMs);
}

export interface StripCard {
  key: string;
  name: string;
  image: string | null;
  grade: number;
  price: number;
}

export interface WeightedGift {
  giftId: number;
  giftName: string;
  giftImage: string | null;
  grade: number;
  recoveryPrice: number;
  weight: number;
}

/**
 * The cards of one strip: filler drawn by the box's published weights (looks like the odds), and the won
 * item at WIN_INDEX. `random` only chooses filler; it never chooses the result.
 */
export function buildStrip(
  gifts: readonly WeightedGift[],
  won: Omit<WeightedGift, 'weight'>,
  random: () => number = Math.random,
  length = STRIP_LENGTH,
  winIndex = WIN_INDEX,
): StripCard[] {
  const total = gifts.reduce((sum, g) => sum + Math.max(0, g.weight), 0);
  const pick = (): Omit<WeightedGift, 'weight'> => {
    if (total <= 0) return won;
    let r = random() * total;
    for (const gift of gifts) {
      r -= Math.max(0, gift.weight);
      if (r < 0) return gift;
    }
    return gifts[gifts.length - 1] ?? won;
  };
  return Array.from({ length }, (_, i) => {
    const item = i === winIndex ? won : pick();
    return {
      key: `${i}-${item.giftId}`,
      name: item.giftName,
      image: item.giftImage,
      grade: item.grade,
      price: item.recoveryPrice,
    };
  });
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}
