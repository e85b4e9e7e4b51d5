import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './use-countdown';

afterEach(() => vi.useRealTimers());

describe('resend countdown (spec §4)', () => {
  it('counts whole seconds down to zero and stops', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(result.current.seconds).toBe(0);
    act(() => result.current.start(60));
    expect(result.current.seconds).toBe(60);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current.seconds).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.seconds).toBe(0);
  });

  it('ignores a zero countdown and restarts on a new send', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(0));
    expect(result.current.seconds).toBe(0);
    act(() => result.current.start(5));
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.seconds).toBe(3);
    act(() => result.current.start(10));
    expect(result.current.seconds).toBe(10);
  });
});
