import { useMutation } from '@tanstack/react-query';
import { sliderVerifyResultSchema } from '@skinfair/contract';
import { apiPost } from '../../api/client';

export type TrailSample = [number, number] | [number, number, number];

export interface SliderAnswer {
  captchaId: string;
  x: number;
  /** Pointer samples [x, yDrift, msSincePress] or key presses [x, msSinceFirstKey]. */
  trail: TrailSample[];
}

/** POST /api/common/sliderVerify → a single-use captchaVerification for one SMS send (spec §5). */
export const verifySlider = ({ captchaId, x, trail }: SliderAnswer) =>
  apiPost(
    '/api/common/sliderVerify',
    { captchaId, x: Math.round(x), trail: JSON.stringify(trail) },
    // The panel shows the refusal itself and loads a new puzzle; no toast on top.
    { schema: sliderVerifyResultSchema, skipErrorToast: true },
  );

export const useVerifySlider = () => useMutation({ mutationFn: verifySlider });
