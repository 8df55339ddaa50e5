/**
 * The crosshair by keyboard: a transparent, focusable slider over the chart (arrows one minute,
 * Page Up/Down ten, Home/End, Escape to leave). It lets the pointer through to the chart, whose
 * container follows mouse, pen and touch (`pointerHandlers`).
 */
import type { KeyboardEvent, PointerEvent } from 'react';

interface CursorOverlayProps {
  label: string;
  /** Number of points the cursor can visit. */
  count: number;
  /** The point under the cursor; undefined when there is none. */
  index: number | undefined;
  valueText: string;
  onIndex: (index: number | undefined) => void;
}

const STEPS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 };

/**
 * Handlers for the element around the chart: the point under the pointer (`indexAtX` of pixels
 * from its left edge); a mouse leaving lets go, a touch keeps its place.
 */
export function pointerHandlers(indexAtX: (x: number) => number, onIndex: (index: number | undefined) => void) {
  const track = (event: PointerEvent<HTMLElement>): void => {
    const box = event.currentTarget.getBoundingClientRect();
    onIndex(indexAtX(event.clientX - box.left));
  };
  return {
    onPointerMove: track,
    onPointerDown: track,
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') onIndex(undefined);
    },
  };
}

export function CursorOverlay({ label, count, index, valueText, onIndex }: CursorOverlayProps) {
  const last = count - 1;
  const current = index ?? last;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    let next: number | undefined;
    const step = STEPS[event.key];
    if (step !== undefined) next = Math.min(last, Math.max(0, current + step));
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape') {
      onIndex(undefined);
      return;
    } else return;
    event.preventDefault();
    onIndex(next);
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={last}
      aria-valuenow={current}
      aria-valuetext={valueText}
      data-testid="intraday-cursor"
      className="pointer-events-none absolute inset-0 rounded outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
      onKeyDown={onKeyDown}
      onBlur={() => {
        onIndex(undefined);
      }}
    />
  );
}
