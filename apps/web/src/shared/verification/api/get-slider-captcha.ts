import { queryOptions, useQuery } from '@tanstack/react-query';
import { sliderChallengeSchema } from '@skinfair/contract';
import { apiGet } from '../../api/client';

/** GET /api/common/sliderCaptcha: a fresh puzzle every time (single use), never cached. */
export const fetchSliderCaptcha = (signal?: AbortSignal) =>
  apiGet('/api/common/sliderCaptcha', {}, { schema: sliderChallengeSchema, ...(signal ? { signal } : {}) });

export const sliderCaptchaQuery = queryOptions({
  queryKey: ['common', 'sliderCaptcha'] as const,
  queryFn: ({ signal }) => fetchSliderCaptcha(signal),
  gcTime: 0,
  staleTime: 0,
  retry: false,
});

export const useSliderCaptcha = () => useQuery(sliderCaptchaQuery);
