import { readString, writeString } from '../../lib/storage.ts';

/** Where the player's mute choice is kept on this device, for every game. */
const MUTE_KEY = 'playMuted';

export type Effect = 'spin' | 'stop' | 'win' | 'bigWin' | 'lose' | 'click' | 'feature';

/** Whether game sound is muted on this device (it starts on). */
export const isMuted = (): boolean => readString(MUTE_KEY) === '1';
export const setMuted = (muted: boolean): void => writeString(MUTE_KEY, muted ? '1' : '0');

interface Note {
  /** Start after the effect begins, seconds. */
  at: number;
  hz: number;
  /** Length, seconds. */
  len: number;
  type?: OscillatorType;
  gain?: number;
  /** Frequency the note glides to. */
  to?: number;
}

/**
 * The effects as short synthesised phrases: no audio files to download, a few bytes each. Each is a
 * list of notes played by an oscillator through a quick attack and exponential release.
 */
const EFFECTS: Record<Effect, Note[]> = {
  click: [{ at: 0, hz: 880, len: 0.05, type: 'square', gain: 0.05 }],
  spin: [
    { at: 0, hz: 220, len: 0.18, type: 'sawtooth', gain: 0.05, to: 440 },
    { at: 0.12, hz: 330, len: 0.16, type: 'sawtooth', gain: 0.04, to: 520 },
  ],
  stop: [{ at: 0, hz: 160, len: 0.07, type: 'triangle', gain: 0.12, to: 90 }],
  lose: [{ at: 0, hz: 300, len: 0.22, type: 'triangle', gain: 0.06, to: 200 }],
  win: [
    { at: 0, hz: 523.25, len: 0.12, type: 'triangle', gain: 0.12 },
    { at: 0.1, hz: 659.25, len: 0.12, type: 'triangle', gain: 0.12 },
    { at: 0.2, hz: 783.99, len: 0.22, type: 'triangle', gain: 0.12 },
  ],
  bigWin: [
    { at: 0, hz: 523.25, len: 0.12, type: 'square', gain: 0.07 },
    { at: 0.1, hz: 659.25, len: 0.12, type: 'square', gain: 0.07 },
    { at: 0.2, hz: 783.99, len: 0.12, type: 'square', gain: 0.07 },
    { at: 0.3, hz: 1046.5, len: 0.4, type: 'square', gain: 0.07 },
    { at: 0.3, hz: 523.25, len: 0.4, type: 'triangle', gain: 0.1 },
  ],
  feature: [
    { at: 0, hz: 392, len: 0.5, type: 'sine', gain: 0.1, to: 1568 },
    { at: 0.25, hz: 587.33, len: 0.35, type: 'triangle', gain: 0.08 },
  ],
};

let context: AudioContext | undefined;

/** The page's one audio context, made on first use (browsers allow it only after a tap). */
function audio(): AudioContext | undefined {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return undefined;
  context ??= new AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

/** Plays an effect unless the player muted sound; silently does nothing where audio is unavailable. */
export function play(effect: Effect): void {
  if (isMuted()) return;
  const ctx = audio();
  if (!ctx) return;
  const start = ctx.currentTime + 0.01;
  for (const note of EFFECTS[effect]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = note.type ?? 'sine';
    osc.frequency.setValueAtTime(note.hz, start + note.at);
    if (note.to) osc.frequency.exponentialRampToValueAtTime(note.to, start + note.at + note.len);
    const peak = note.gain ?? 0.1;
    gain.gain.setValueAtTime(0.0001, start + note.at);
    gain.gain.exponentialRampToValueAtTime(peak, start + note.at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.len);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + note.at);
    osc.stop(start + note.at + note.len + 0.02);
  }
}
