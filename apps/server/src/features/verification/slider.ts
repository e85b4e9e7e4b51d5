import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Hasher } from '../../platform/secret.js';
import type { CaptchaAnswer, CaptchaProvider } from './captcha-provider.js';
import { budgetExempt, checkAnswerBudget, countWrongAnswer, spendPuzzleBudget } from './slider-budget.js';
import { drawSliderPuzzle, PIECE_SIZE, SLIDER_HEIGHT, SLIDER_WIDTH } from './slider-image.js';
import { isPlausibleTrail, SLIDER_TOLERANCE_PX } from './trail.js';
import { sliderChallenges } from './tables.js';

const CHALLENGE_TTL_S = 120;
const PASS_TTL_S = 120;

/** Our own slider puzzle: the default provider. The answer (targetX) never leaves the database. */
export function sliderPuzzleProvider(ex: Executor): CaptchaProvider {
  return {
    name: 'slider',
    async createChallenge({ ip }) {
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
    },
    /** One answer per puzzle: the first answer burns it, right or wrong, so guessing needs a new puzzle. */
    async verifyAnswer({ captchaId, x, trail }) {
      const [challenge] = await ex
        .update(sliderChallenges)
        .set({ answeredAt: sql`now()` })
        .where(and(eq(sliderChallenges.id, captchaId), isNull(sliderChallenges.answeredAt), gt(sliderChallenges.expiresAt, sql`now()`)))
        .returning({ targetX: sliderChallenges.targetX });
      if (!challenge) return 'expired';
      const close = Math.abs(challenge.targetX - x) <= SLIDER_TOLERANCE_PX;
      return close && isPlausibleTrail(trail, x) ? 'passed' : 'failed';
    },
  };
}

export interface SliderGate {
  db: Executor;
  hash: Hasher;
  config: { sandboxTools: boolean };
  captcha: CaptchaProvider;
}

/** A new challenge, within the address range's hourly budget. */
export async function createSliderChallenge(gate: Omit<SliderGate, 'hash'>, ip: string) {
  if (!budgetExempt(gate.config.sandboxTools, ip)) await spendPuzzleBudget(gate.db, ip);
  return gate.captcha.createChallenge({ ip });
}

/**
 * Judges an answer; a pass yields a token good for one SMS send within two minutes. A wrong answer
 * counts against the address range, and a range over its budget is refused before the answer is read.
 */
export async function answerSliderChallenge(gate: SliderGate, input: CaptchaAnswer) {
  const exempt = budgetExempt(gate.config.sandboxTools, input.ip);
  if (!exempt) await checkAnswerBudget(gate.db, input.ip);
  const verdict = await gate.captcha.verifyAnswer(input);
  if (verdict === 'expired') throw new AppError('SLIDER_EXPIRED');
  if (verdict === 'failed') {
    if (!exempt) await countWrongAnswer(gate.db, input.ip);
    throw new AppError('SLIDER_FAILED');
  }
  const token = randomBytes(24).toString('base64url');
  // Our puzzle's row already exists; a vendor's challenge gets one here, so the pass works the same.
  await gate.db
    .insert(sliderChallenges)
    .values({
      id: input.captchaId,
      targetX: -1,
      expiresAt: sql`now()`,
      answeredAt: sql`now()`,
      ip: input.ip,
      passTokenHash: gate.hash('slider-pass', token),
      passExpiresAt: sql`now() + make_interval(secs => ${PASS_TTL_S})`,
    })
    .onConflictDoUpdate({
      target: sliderChallenges.id,
      set: { passTokenHash: gate.hash('slider-pass', token), passExpiresAt: sql`now() + make_interval(secs => ${PASS_TTL_S})` },
      setWhere: isNull(sliderChallenges.passTokenHash),
    });
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
