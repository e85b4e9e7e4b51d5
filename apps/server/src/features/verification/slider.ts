import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Hasher } from '../../platform/secret.js';
import { drawSliderPuzzle, PIECE_SIZE, SLIDER_HEIGHT, SLIDER_WIDTH } from './slider-image.js';
import { isPlausibleTrail, SLIDER_TOLERANCE_PX } from './trail.js';
import { sliderChallenges } from './tables.js';

const CHALLENGE_TTL_S = 120;
const PASS_TTL_S = 120;

export async function createSliderChallenge(ex: Executor, ip: string) {
  const puzzle = await drawSliderPuzzle();
  const captchaId = randomBytes(16).toString('hex');
  await ex.insert(sliderChallenges).values({
    id: captchaId,
    targetX: puzzle.targetX,
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_TTL_S})`,
    ip,
  });
  return {
    captchaId,
    background: puzzle.background,
    piece: puzzle.piece,
    width: SLIDER_WIDTH,
    height: SLIDER_HEIGHT,
    pieceSize: PIECE_SIZE,
    pieceY: puzzle.pieceY,
    expiresIn: CHALLENGE_TTL_S,
  };
}

/**
 * One answer per puzzle: the first answer burns it, right or wrong, so guessing needs a new puzzle each
 * time. A pass yields a token good for one SMS send within two minutes.
 */
export async function answerSliderChallenge(ex: Executor, hash: Hasher, input: { captchaId: string; x: number; trail: string }) {
  const [challenge] = await ex
    .update(sliderChallenges)
    .set({ answeredAt: sql`now()` })
    .where(and(eq(sliderChallenges.id, input.captchaId), isNull(sliderChallenges.answeredAt), gt(sliderChallenges.expiresAt, sql`now()`)))
    .returning();
  if (!challenge) throw new AppError('SLIDER_EXPIRED');
  const close = Math.abs(challenge.targetX - input.x) <= SLIDER_TOLERANCE_PX;
  if (!close || !isPlausibleTrail(input.trail, input.x)) throw new AppError('SLIDER_FAILED');
  const token = randomBytes(24).toString('base64url');
  await ex
    .update(sliderChallenges)
    .set({ passTokenHash: hash('slider-pass', token), passExpiresAt: sql`now() + make_interval(secs => ${PASS_TTL_S})` })
    .where(eq(sliderChallenges.id, challenge.id));
  return { captchaVerification: token, expiresIn: PASS_TTL_S };
}

/** Spends a slider pass; a reused, expired or unknown one is refused. */
export async function consumeSliderPass(ex: Executor, hash: Hasher, token: string): Promise<void> {
  const used = await ex
    .update(sliderChallenges)
    .set({ passUsedAt: sql`now()` })
    .where(
      and(
        eq(sliderChallenges.passTokenHash, hash('slider-pass', token)),
        isNull(sliderChallenges.passUsedAt),
        gt(sliderChallenges.passExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: sliderChallenges.id });
  if (used.length === 0) throw new AppError('SLIDER_EXPIRED');
}

/** For the sandbox tools only: lets an end-to-end test drag to the right place. */
export async function sliderAnswer(ex: Executor, captchaId: string): Promise<number | null> {
  const [row] = await ex.select({ x: sliderChallenges.targetX }).from(sliderChallenges).where(eq(sliderChallenges.id, captchaId));
  return row?.x ?? null;
}
