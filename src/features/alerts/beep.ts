/**
 * A short two-tone beep made with WebAudio (no sound file to download). Browsers start audio only
 * after a user gesture: `unlockAudio()` runs in the click that creates an alert with sound, so a
 * later trigger can play without one.
 */
let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (context) return context;
  const Constructor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (typeof Constructor !== 'function') return undefined;
  try {
    context = new Constructor();
  } catch {
    return undefined;
  }
  return context;
}

/** In a user gesture: creates (or resumes) the audio context. */
export function unlockAudio(): void {
  const ctx = audio();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
}

export function beep(): void {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1175],
  ] as const) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    // A quick fade in and out: no click at either end.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.16);
  }
}
