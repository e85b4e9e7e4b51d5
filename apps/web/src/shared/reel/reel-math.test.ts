import { describe, expect, it } from 'vitest';
import {
  buildStrip,
  CARD_PITCH,
  CARD_WIDTH,
  cardIndexAt,
  EDGE_MARGIN,
  FAST_DURATION_MS,
  landingJitter,
  landingOffset,
  NORMAL_DURATION_MS,
  offsetAt,
  reelDurationMs,
  STRIP_LENGTH,
  WIN_INDEX,
} from './reel-math';

const won = { giftId: 99, giftName: 'AWP | 巨龙传说', giftImage: null, grade: 0, recoveryPrice: 880_000 };
const gifts = [
  { giftId: 1, giftName: 'P250 | 沙丘', giftImage: null, grade: 3, recoveryPrice: 30, weight: 79_920 },
  { giftId: 2, giftName: 'AK-47 | 红线', giftImage: null, grade: 2, recoveryPrice: 250, weight: 20_080 },
];

describe('reel landing', () => {
  it('stops with the won card centred under the marker', () => {
    const offset = landingOffset(WIN_INDEX, 800);
    expect(offset).toBe(WIN_INDEX * CARD_PITCH + CARD_WIDTH / 2 - 400);
    expect(cardIndexAt(offset, 800)).toBe(WIN_INDEX);
  });

  it('keeps the marker inside the won card for any jitter, at any viewport width', () => {
    for (const width of [320, 375, 768, 1280]) {
      for (const r of [0, 0.001, 0.25, 0.5, 0.75, 0.999]) {
        const jitter = landingJitter(r);
        expect(Math.abs(jitter)).toBeLessThanOrEqual(CARD_WIDTH / 2 - EDGE_MARGIN);
        const offset = landingOffset(WIN_INDEX, width, jitter);
        expect(cardIndexAt(offset, width)).toBe(WIN_INDEX);
        // The marker is at least EDGE_MARGIN px from either edge of the card.
        const inCard = (offset + width / 2) % CARD_PITCH;
        expect(inCard).toBeGreaterThanOrEqual(EDGE_MARGIN);
        expect(inCard).toBeLessThanOrEqual(CARD_WIDTH - EDGE_MARGIN);
      }
    }
  });

  it('decelerates from 0 to exactly the landing offset', () => {
    const target = landingOffset(WIN_INDEX, 800, 13);
    expect(offsetAt(0, 6000, target)).toBe(0);
    expect(offsetAt(6000, 6000, target)).toBe(target);
    expect(offsetAt(9000, 6000, target)).toBe(target);
    const half = offsetAt(3000, 6000, target);
    expect(half).toBeGreaterThan(target * 0.9); // most of the distance early, a slow end
    expect(offsetAt(5900, 6000, target) - offsetAt(5800, 6000, target)).toBeLessThan(1);
  });

  it('runs about 0.6 s in fast mode or with reduced motion, 6 s otherwise', () => {
    expect(reelDurationMs({ fast: false, reducedMotion: false })).toBe(NORMAL_DURATION_MS);
    expect(reelDurationMs({ fast: true, reducedMotion: false })).toBe(600);
    expect(reelDurationMs({ fast: false, reducedMotion: true })).toBe(FAST_DURATION_MS);
    expect(FAST_DURATION_MS).toBe(600);
  });
});

describe('reel strip', () => {
  it('puts the won item at the landing index whatever the filler draws', () => {
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const strip = buildStrip(gifts, won, random);
    expect(strip).toHaveLength(STRIP_LENGTH);
    expect(strip[WIN_INDEX]).toMatchObject({ name: 'AWP | 巨龙传说', grade: 0, price: 880_000 });
    expect(strip.filter((c, i) => i !== WIN_INDEX).every((c) => c.name !== won.giftName)).toBe(true);
    expect(new Set(strip.map((c) => c.key)).size).toBe(STRIP_LENGTH);
  });

  it('draws filler by the published weights', () => {
    expect(buildStrip(gifts, won, () => 0.5)[0]?.name).toBe('P250 | 沙丘');
    expect(buildStrip(gifts, won, () => 0.9)[0]?.name).toBe('AK-47 | 红线');
    expect(buildStrip([], won, () => 0.3)[0]?.name).toBe(won.giftName);
  });
});
