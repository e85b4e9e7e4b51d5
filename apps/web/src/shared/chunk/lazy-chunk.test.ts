import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, CssChunkLoadError, loadChunk } from './lazy-chunk';

describe('chunk loading (spec §8)', () => {
  afterEach(() => vi.useRealTimers());

  it('names the chunk and calls a missing file "missing"', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/box-page.js'));
    const error = await loadChunk('box-page', failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ chunk: 'box-page', reason: 'missing' });
    expect((error as Error).message).toContain('Loading chunk box-page failed. (missing');
  });

  it('gives up after 120 s with "timeout"', async () => {
    vi.useFakeTimers();
    const outcome = loadChunk('slow-page', () => new Promise<never>(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(outcome).resolves.toMatchObject({ chunk: 'slow-page', reason: 'timeout' });
  });

  it('calls anything else "other" and turns CSS preload failures into a CSS chunk error', async () => {
    await expect(loadChunk('a', () => Promise.reject(new Error('boom')))).rejects.toMatchObject({
      reason: 'other',
    });
    const css = await loadChunk('b', () => Promise.reject(new Error('Unable to preload CSS for /assets/b.css'))).catch((e: unknown) => e);
    expect(css).toBeInstanceOf(CssChunkLoadError);
    expect((css as Error).message).toContain('Loading CSS chunk b failed.');
  });

  it('resolves with the module when the import works', async () => {
    await expect(loadChunk('ok', () => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});
