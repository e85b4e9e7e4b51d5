import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSettingsStore } from '../stores/settings-store';
import { createReelSound, MIN_TICK_GAP_MS } from './reel-sound';

/** A stand-in AudioContext that records the oscillators started. */
function fakeAudio() {
  const started: number[] = [];
  const param = () => ({
    setValueAtTime: vi.fn(),
    exponentialRampToValueAtTime: vi.fn(),
    cancelScheduledValues: vi.fn(),
    value: 0.02,
  });
  const ctx = {
    state: 'running',
    currentTime: 0,
    destination: {},
    createOscillator: () => {
      const osc = { type: 'sine', frequency: param(), connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
      osc.start.mockImplementation(() => started.push(osc.frequency.setValueAtTime.mock.calls[0]?.[0] as number));
      return osc;
    },
    createGain: () => ({ gain: param(), connect: vi.fn() }),
    resume: vi.fn(),
    close: vi.fn(() => Promise.resolve()),
  };
  const factory = vi.fn(() => ctx as unknown as AudioContext);
  return { factory, started };
}

afterEach(() => useSettingsStore.getState().reload());

describe('reel sound (settings.voice / settings.music)', () => {
  it('plays ticks and the win chime when voice is on', () => {
    useSettingsStore.getState().set('voice', true);
    const { factory, started } = fakeAudio();
    const sound = createReelSound(factory);
    sound.tick();
    sound.win();
    expect(factory).toHaveBeenCalledTimes(1);
    expect(started[0]).toBe(1400);
    expect(started.slice(1)).toEqual([660, 880, 1320]);
  });

  it('stays silent, without even creating an AudioContext, when voice is off', () => {
    useSettingsStore.getState().set('voice', false);
    useSettingsStore.getState().set('music', false);
    const { factory, started } = fakeAudio();
    const sound = createReelSound(factory);
    sound.tick();
    sound.win(true);
    sound.startMusic();
    expect(factory).not.toHaveBeenCalled();
    expect(started).toEqual([]);
  });

  it('merges ticks closer than the minimum gap', () => {
    useSettingsStore.getState().set('voice', true);
    const now = vi.spyOn(performance, 'now');
    const { factory, started } = fakeAudio();
    const sound = createReelSound(factory);
    now.mockReturnValue(1000);
    sound.tick();
    now.mockReturnValue(1000 + MIN_TICK_GAP_MS - 1);
    sound.tick();
    now.mockReturnValue(1000 + MIN_TICK_GAP_MS + 1);
    sound.tick();
    expect(started).toHaveLength(2);
  });

  it('plays the quiet pad only when music is on, independent of voice', () => {
    useSettingsStore.getState().set('voice', false);
    useSettingsStore.getState().set('music', true);
    const { factory, started } = fakeAudio();
    const sound = createReelSound(factory);
    sound.startMusic();
    expect(started).toHaveLength(3);
    sound.tick();
    expect(started).toHaveLength(3);
    sound.dispose();
  });
});
