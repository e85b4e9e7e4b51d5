import { useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { isApiError } from '../api/api-error';
import { Spinner } from '../forms/fields';
import { catalogueText } from '../forms/validate';
import { useLocaleStore } from '../i18n/locale-store';
import { useT } from '../i18n/use-t';
import { Dialog } from '../ui/dialog';
import { useSliderCaptcha } from './api/get-slider-captcha';
import { useVerifySlider, type TrailSample } from './api/verify-slider';

interface SliderCaptchaProps {
  /** Called with the single-use token once the puzzle is solved. */
  onPassed: (captchaVerification: string) => void;
  onClose: () => void;
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/** The server's own words when it refuses a puzzle (e.g. too many from this network), else nothing. */
const loadRefusal = (failure: unknown) => (isApiError(failure) && failure.kind === 'envelope' && failure.message ? failure.message : null);

/**
 * Spec §5: the slider check that must pass before any SMS is sent. The user drags the handle (mouse,
 * touch or pen through pointer events, or the arrow keys and Enter) and the piece follows. Every pointer
 * move is recorded as [x, y drift, ms since the press] and every key press as [x, ms]; the server judges
 * the trail as a hand's or a keyboard's (decision 0014). A refusal shows the server's message and loads
 * a new puzzle.
 */
export function SliderCaptcha({ onPassed, onClose }: SliderCaptchaProps) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const challenge = useSliderCaptcha();
  const verify = useVerifySlider();
  const [x, setX] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const trail = useRef<TrailSample[]>([]);
  const startedAt = useRef<number | null>(null);

  const data = challenge.data;
  const max = data ? data.width - data.pieceSize : 0;

  /** `drift` is the pointer's vertical movement since the press; key presses have none. */
  const sample = (value: number, drift?: number) => {
    if (startedAt.current === null) startedAt.current = performance.now();
    const ms = Math.round(performance.now() - startedAt.current);
    trail.current.push(drift === undefined ? [Math.round(value), ms] : [Math.round(value), Math.round(drift), ms]);
  };

  const reset = () => {
    setX(0);
    trail.current = [];
    startedAt.current = null;
  };

  const reload = () => {
    reset();
    void challenge.refetch();
  };

  const submit = (finalX: number) => {
    if (!data || verify.isPending) return;
    verify.mutate(
      { captchaId: data.captchaId, x: finalX, trail: trail.current },
      {
        onSuccess: (result) => onPassed(result.captchaVerification),
        onError: (failure) => {
          setError(isApiError(failure) && failure.message && failure.kind === 'envelope' ? failure.message : t('slider.failed'));
          reload();
        },
      },
    );
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!data || verify.isPending) return;
    event.preventDefault();
    setError(null);
    trail.current = [];
    startedAt.current = null;
    const originX = event.clientX;
    const originY = event.clientY;
    let current = 0;
    sample(0, 0);
    const move = (e: PointerEvent) => {
      current = clamp(e.clientX - originX, max);
      setX(current);
      sample(current, e.clientY - originY);
    };
    const up = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      if (e.type === 'pointercancel') {
        reset();
        return;
      }
      current = clamp(e.clientX - originX, max);
      sample(current, e.clientY - originY);
      setX(current);
      submit(current);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!data || verify.isPending) return;
    const step = event.shiftKey ? 10 : 1;
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') next = clamp(x + step, max);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') next = clamp(x - step, max);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = max;
    if (next !== null) {
      event.preventDefault();
      setError(null);
      if (trail.current.length === 0) sample(x);
      sample(next);
      setX(next);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      submit(x);
    }
  };

  return (
    <Dialog title={t('slider.title')} onClose={onClose} testId="slider-captcha">
      <div className="flex flex-col items-center gap-3">
        {/* Spec §8 catalogue text: the slider must pass before a code is sent. */}
        <p className="text-sm text-slate-300">
          {catalogueText('SLIDER_REQUIRED', locale)} · {t('slider.instruction')}
        </p>
        {data ? (
          <div className="flex max-w-full flex-col gap-3 overflow-x-auto" style={{ width: data.width }}>
            <div className="relative overflow-hidden rounded-lg" style={{ width: data.width, height: data.height }}>
              <img src={data.background} alt="" draggable={false} width={data.width} height={data.height} className="block select-none" />
              <img
                src={data.piece}
                alt=""
                draggable={false}
                data-testid="slider-piece"
                className="absolute select-none drop-shadow-[0_0_4px_rgba(0,0,0,0.8)]"
                style={{ left: x, top: data.pieceY, width: data.pieceSize, height: data.pieceSize }}
              />
              {verify.isPending ? (
                <div className="absolute inset-0 flex items-center justify-center bg-black/40 text-white">
                  <Spinner className="size-8" />
                </div>
              ) : null}
            </div>
            <div
              className="relative h-11 rounded-lg border border-line bg-surface"
              style={{ width: data.width }}
              data-testid="slider-track"
            >
              <div
                className="absolute inset-y-0 start-0 rounded-lg bg-accent-orange/20"
                style={{ width: x + data.pieceSize }}
                aria-hidden="true"
              />
              <span className="pointer-events-none absolute inset-0 flex items-center justify-center text-xs text-slate-500">
                {x === 0 ? t('slider.track') : ''}
              </span>
              <button
                type="button"
                role="slider"
                aria-label={t('slider.handle')}
                aria-valuemin={0}
                aria-valuemax={max}
                aria-valuenow={Math.round(x)}
                data-testid="slider-handle"
                onPointerDown={onPointerDown}
                onKeyDown={onKeyDown}
                className="absolute inset-y-0 flex touch-none cursor-grab items-center justify-center rounded-lg bg-accent-orange text-black active:cursor-grabbing"
                style={{ left: x, width: data.pieceSize }}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5">
                  <path d="M5 12h14M13 6l6 6-6 6" />
                </svg>
              </button>
            </div>
          </div>
        ) : (
          <div className="flex h-40 items-center justify-center text-slate-400">
            {challenge.isError ? (loadRefusal(challenge.error) ?? t('slider.loadFailed')) : <Spinner className="size-8" />}
          </div>
        )}
        {error ? (
          <p role="alert" className="text-sm text-accent-red">
            {error}
          </p>
        ) : null}
        <div className="flex w-full items-center justify-between text-xs text-slate-500">
          <span>{t('slider.keyboardHint')}</span>
          <button type="button" onClick={reload} className="text-accent-cyan hover:underline" disabled={verify.isPending}>
            {t('slider.reload')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
