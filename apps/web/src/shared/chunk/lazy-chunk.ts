import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { limits } from '@skinfair/contract';

/** Spec §8: a script chunk that fails raises an error naming the chunk and the cause. */
export type ChunkFailureReason = 'missing' | 'timeout' | 'other';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly chunk: string,
    readonly reason: ChunkFailureReason,
    detail: string,
  ) {
    super(`Loading chunk ${chunk} failed. (${reason}: ${detail})`);
  }
}

/** Spec §8: a CSS chunk failure raises a CSS chunk load failure. */
export class CssChunkLoadError extends Error {
  override readonly name = 'CssChunkLoadError';
  constructor(
    readonly chunk: string,
    detail: string,
  ) {
    super(`Loading CSS chunk ${chunk} failed. (${detail})`);
  }
}

export const isChunkError = (error: unknown): error is ChunkLoadError | CssChunkLoadError =>
  error instanceof ChunkLoadError || error instanceof CssChunkLoadError;

// Browser wordings for "the file is not there" (Chromium, Firefox, Safari) and Vite's CSS preload error.
const missingPattern =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Failed to load module script|404/i;
const cssPattern = /Unable to preload CSS/i;

export function toChunkError(chunk: string, error: unknown): Error {
  const detail = error instanceof Error ? error.message : String(error);
  if (cssPattern.test(detail)) return new CssChunkLoadError(chunk, detail);
  return new ChunkLoadError(chunk, missingPattern.test(detail) ? 'missing' : 'other', detail);
}

/** Runs a dynamic import with the 120 s script-chunk timeout (spec §9) and names any failure. */
export function loadChunk<T>(chunk: string, loader: () => Promise<T>, timeoutMs: number = limits.scriptChunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout', `no answer in ${timeoutMs} ms`)), timeoutMs);
    loader().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkError(chunk, error));
      },
    );
  });
}

/** React.lazy over a module whose default export is a component, with named chunk errors. */
export function lazyPage<P extends object>(
  chunk: string,
  loader: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadChunk(chunk, loader));
}

/**
 * Vite dispatches `vite:preloadError` before rethrowing a failed preload (JS or CSS) into the import
 * that needed it; loadChunk turns that into the named error. Here it is only logged (spec §8: loader
 * errors are logged), the default is not prevented so the import still fails visibly.
 */
export function logPreloadErrors(target: Window = window): () => void {
  const onError = (event: Event) => console.error('[chunk] preload failed', (event as Event & { payload?: unknown }).payload);
  target.addEventListener('vite:preloadError', onError);
  return () => target.removeEventListener('vite:preloadError', onError);
}
