/**
 * K-line periods as buttons, in the order the intervals endpoint lists them; each is named by its
 * period ("1h") and the active one is pressed.
 */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { useEffect, useRef } from 'react';
import { INTERVALS, type Interval } from '#shared/contract.ts';

const UNITS = { m: '{count} minutes', h: '{count} hours', d: '{count} days', w: '{count} weeks', M: '{count} months' } as const;

/** '15 minutes' for 15m, '1 day' for 1d. */
function intervalTitle(interval: Interval): string {
  const count = Number(interval.slice(0, -1));
  return t(UNITS[interval.slice(-1) as keyof typeof UNITS], { count });
}

export function isInterval(value: string): value is Interval {
  return (INTERVALS as readonly string[]).includes(value);
}

/** The periods the chart can draw, from the endpoint's list (unknown ones dropped, each once). */
export function chartIntervals(listed: readonly string[] | undefined): Interval[] {
  const known = [...new Set((listed ?? []).filter(isInterval))];
  return known.length > 0 ? known : [...INTERVALS];
}

interface IntervalBarProps {
  intervals: readonly Interval[];
  value: Interval;
  onChange: (interval: Interval) => void;
}

/** Scrolls a sideways-scrolling row (a phone's toolbar) so that `child` is wholly in it. */
export function revealInRow(row: { scrollLeft: number; clientWidth: number }, child: { offsetLeft: number; offsetWidth: number }): void {
  if (child.offsetLeft < row.scrollLeft) row.scrollLeft = child.offsetLeft;
  else if (child.offsetLeft + child.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = child.offsetLeft + child.offsetWidth - row.clientWidth;
}

export function IntervalBar({ intervals, value, onChange }: IntervalBarProps) {
  useLanguage();
  const row = useRef<HTMLDivElement>(null);
  // On a phone the row scrolls sideways: the active interval is kept in sight, again whenever the
  // row's width changes (the toolbar making room for its More button, a phone turned): after the
  // first call only, the active interval sat out of sight once More took its room. Read in a resize
  // observer, which calls once the browser has laid the row out: reading it in the effect forced the
  // app's first layout inside React's first commit (92 ms of a 189 ms task on a phone slowed 4×).
  useEffect(() => {
    const element = row.current;
    if (!element || typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(() => {
      const active = element.querySelector<HTMLElement>('[aria-pressed="true"]');
      if (active && element.scrollWidth > element.clientWidth) revealInRow(element, active);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [value, intervals]);
  return (
    <div ref={row} role="group" aria-label={t('Interval')} className="chart-intervals">
      {intervals.map((interval) => {
        const active = interval === value;
        return (
          <button
            key={interval}
            type="button"
            aria-pressed={active}
            title={intervalTitle(interval)}
            onClick={() => {
              onChange(interval);
            }}
            className={`shrink-0 rounded px-2 py-1 tabular-nums ${active ? 'bg-sky-700 font-medium text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
          >
            {interval}
          </button>
        );
      })}
    </div>
  );
}
