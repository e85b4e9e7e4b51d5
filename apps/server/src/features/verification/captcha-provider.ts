import type { SliderChallenge } from '@skinfair/contract';

/** What the client sent back for one challenge. */
export interface CaptchaAnswer {
  captchaId: string;
  x: number;
  trail: string;
  ip: string;
}

export type CaptchaVerdict = 'passed' | 'failed' | 'expired';

/**
 * The human check before an SMS is sent (docs/decisions/0014-slider-captcha.md). Our own slider puzzle
 * is the default; a captcha vendor fits behind the same two calls: `createChallenge` hands the client
 * what it shows, `verifyAnswer` asks whoever holds the answer and must burn the challenge (one answer
 * each). Address-range budgets and the single-use pass token for the SMS send stay outside, in
 * slider.ts, so they apply whichever provider answers.
 */
export interface CaptchaProvider {
  readonly name: string;
  createChallenge(input: { ip: string }): Promise<SliderChallenge>;
  verifyAnswer(answer: CaptchaAnswer): Promise<CaptchaVerdict>;
}
