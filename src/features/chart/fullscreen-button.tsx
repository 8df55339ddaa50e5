/**
 * The chart toolbar's full-screen button, and its key while it is shown (the active chart's only);
 * both come with the panels beside the chart, after the first candle.
 */
import { t } from '../../i18n/t';
import { useLayoutEffect } from 'react';
import { isFullscreenKey, toggleChartFullscreen } from './chart-fullscreen';
import './fullscreen.css';

export function FullscreenButton() {
  // Bound with the button's commit, not in a later task (a passive effect): a trader who presses
  // Shift+F as the button shows, on a busy page, would lose the key.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isFullscreenKey(event)) return;
      event.preventDefault();
      toggleChartFullscreen();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  const label = t('Full screen (Shift+F)');
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      onClick={(event) => {
        toggleChartFullscreen(event.currentTarget.closest('.chart-panel'));
      }}
    >
      {/* Four corners pointing out (no font has one glyph for it everywhere). */}
      <svg aria-hidden="true" viewBox="0 0 12 12" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M1 4V1h3M8 1h3v3M11 8v3H8M4 11H1V8" />
      </svg>
    </button>
  );
}
