/**
 * The cue over the end of a sideways-scrolling area that hides content: a fade, and a button
 * that scrolls on by most of a view (a pointer need not find a scrollbar).
 */
import type { RefObject } from 'react';

interface ScrollCueProps {
  /** The scrolling element. */
  target: RefObject<HTMLElement | null>;
  /** Accessible name of the button, e.g. "More columns". */
  label: string;
  /** Tailwind `from-…` colours of the fade: the surface it fades into. */
  fade?: string;
}

const DEFAULT_FADE = 'from-white dark:from-slate-900';

export function ScrollCue({ target, label, fade = DEFAULT_FADE }: ScrollCueProps) {
  const scrollOn = () => {
    const element = target.current;
    element?.scrollBy({ left: Math.max(80, element.clientWidth * 0.8), behavior: 'smooth' });
  };
  return (
    <div
      data-testid="scroll-cue"
      className={`pointer-events-none absolute inset-y-0 right-0 z-30 flex w-10 items-start justify-end bg-linear-to-l ${fade} to-transparent`}
    >
      <button
        type="button"
        aria-label={label}
        title={label}
        // Not a Tab stop: the keyboard scrolls the area itself (it is focusable).
        tabIndex={-1}
        onClick={scrollOn}
        className="pointer-events-auto mt-0.5 mr-0.5 rounded bg-sky-700 px-1 text-xs leading-5 text-white shadow hover:bg-sky-600"
      >
        →
      </button>
    </div>
  );
}
