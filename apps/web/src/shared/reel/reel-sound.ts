import { useSettingsStore } from '../stores/settings-store';

/**
 * Reel sounds synthesized with the WebAudio API (no asset files): a short tick while cards pass the
 * marker, a rising chime on the win, and an optional quiet pad while the reel runs. Ticks and chime play
 * only when settings.voice is on; the pad only when settings.music is on. The AudioContext is created
 * lazily, on the first sound actually played (after the user's click, so autoplay rules allow it).
 */
export interface ReelSound {
  tick: () => void;
  win: (topGrade?: boolean) => void;
  startMusic: () => void;
  stopMusic: () => void;
  dispose: () => void;
}

type ContextFactory = () => AudioContext | null;

const defaultFactory: ContextFactory = () => {
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  return Ctor ? new Ctor() : null;
};

/** Ticks closer together than this are merged (a fast run passes 60+ cards a second). */
export const MIN_TICK_GAP_MS = 45;

export function createReelSound(factory: ContextFactory = defaultFactory): ReelSound {
  let ctx: AudioContext | null = null;
  let lastTick = -Infinity;
  let music: { stop: () => void } | null = null;

  const context = (): AudioContext | null => {
    if (!ctx) ctx = factory();
    if (ctx?.state === 'suspended') void ctx.resume();
    return ctx;
  };

  const blip = (audio: AudioContext, freq: number, at: number, length: number, volume: number, type: OscillatorType) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, at);
    gain.gain.setValueAtTime(volume, at);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(gain);
    gain.connect(audio.destination);
    osc.start(at);
    osc.stop(at + length + 0.02);
  };

  return {
    tick() {
      if (!useSettingsStore.getState().voice) return;
      const now = performance.now();
      if (now - lastTick < MIN_TICK_GAP_MS) return;
      lastTick = now;
      const audio = context();
      if (audio) blip(audio, 1400, audio.currentTime, 0.03, 0.04, 'square');
    },
    win(topGrade = false) {
      if (!useSettingsStore.getState().voice) return;
      const audio = context();
      if (!audio) return;
      const notes = topGrade ? [660, 880, 1100, 1320, 1760] : [660, 880, 1320];
      notes.forEach((freq, i) => blip(audio, freq, audio.currentTime + i * 0.09, 0.5, 0.12, 'sine'));
    },
    startMusic() {
      if (music || !useSettingsStore.getState().music) return;
      const audio = context();
      if (!audio) return;
      // Two slightly detuned low sines under a slow tremolo: a quiet pad, not a tune.
      const gain = audio.createGain();
      gain.gain.setValueAtTime(0.0001, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.025, audio.currentTime + 0.4);
      gain.connect(audio.destination);
      const oscs = [110, 110.7, 164.8].map((freq) => {
        const osc = audio.createOscillator();
        osc.type = 'sine';
        osc.frequency.setValueAtTime(freq, audio.currentTime);
        osc.connect(gain);
        osc.start();
        return osc;
      });
      music = {
        stop: () => {
          const at = audio.currentTime;
          gain.gain.cancelScheduledValues(at);
          gain.gain.setValueAtTime(Math.max(gain.gain.value, 0.0001), at);
          gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
          for (const osc of oscs) osc.stop(at + 0.35);
        },
      };
    },
    stopMusic() {
      music?.stop();
      music = null;
    },
    dispose() {
      music?.stop();
      music = null;
      const old = ctx;
      ctx = null;
      if (old && old.state !== 'closed') void old.close();
    },
  };
}
