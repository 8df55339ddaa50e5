/** In-page frame timing shared by the bench pages. */

/** Resolves in the next animation frame with its timestamp (after callbacks registered earlier). */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Resolves once the next frame has been rendered: a task queued from a frame callback runs after that frame's paint. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
    }),
  );
}

export interface FrameCost {
  /** From the call to the end of the frame that drew it (the callbacks registered before ours ran). */
  elapsed: number;
  /** Main-thread work only: the call itself plus the frame's callbacks, without the wait for vsync. */
  work: number;
  /** The call alone. */
  call: number;
}

/**
 * Runs `action` from an idle point right after a paint and measures it up to the frame it caused
 * (lightweight-charts draws in a requestAnimationFrame callback scheduled by the call, so that
 * callback runs between our two brackets).
 */
export async function measureFrame(action: () => void): Promise<FrameCost> {
  await afterPaint();
  let frameStart = 0;
  requestAnimationFrame(() => {
    frameStart = performance.now();
  });
  const called = performance.now();
  action();
  const returned = performance.now();
  const drawn = await new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      resolve(performance.now());
    }),
  );
  return { elapsed: drawn - called, work: returned - called + (drawn - frameStart), call: returned - called };
}
