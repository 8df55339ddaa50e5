/**
 * The chart's toolbar in a box of fixed height (`.chart-toolbar` in src/app/layout.css, two rows):
 * the controls wrap inside it, and those that do not fit wait behind a "More" button that unfolds
 * the whole toolbar over the top of the chart (folded, the box is cut below the last control that
 * fits whole, so no sliver of the next row shows). The chart's place never depends on how many
 * controls there are or how wide their labels are (index.html's shell reserves the same box, and
 * the early chart is drawn below it). Focus reaching a hidden control unfolds the toolbar too;
 * Escape or a click elsewhere folds it.
 */
import { t } from '../../i18n/t';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';

/** The toolbar's controls as laid out: the flex items of `content`, looking through `display: contents` wrappers. */
function controlsOf(content: HTMLElement): HTMLElement[] {
  return [...content.children].flatMap((child) => {
    if (!(child instanceof HTMLElement)) return [];
    return getComputedStyle(child).display === 'contents' ? controlsOf(child) : [child];
  });
}

/** Where to cut the folded toolbar: the bottom of the lowest control that fits whole in `height`; whether any does not. */
export function foldLine(controls: readonly { offsetTop: number; offsetHeight: number }[], height: number): { cut: number; overflows: boolean } {
  let cut = 0;
  let overflows = false;
  for (const { offsetTop, offsetHeight } of controls) {
    const bottom = offsetTop + offsetHeight;
    if (bottom <= height + 1) cut = Math.max(cut, bottom);
    else overflows = true;
  }
  return { cut, overflows };
}

type Fold = ReturnType<typeof foldLine>;

/** Where the cut lies matters only while something is cut off. */
function sameFold(a: Fold, b: Fold): boolean {
  return a.overflows === b.overflows && (!a.overflows || a.cut === b.cut);
}

const CONTENT_CLASS = 'relative flex flex-wrap items-center gap-x-4 gap-y-1.5';
/** Room on the right of the controls for the More button. */
const ROOM_FOR_MORE = 'pr-16';

/** The folded box's height: cut below the last control that fits whole, while something does not. */
function foldedStyle(fold: Fold, open: boolean): { height: number } | undefined {
  return !open && fold.overflows ? { height: fold.cut } : undefined;
}

/** Writes a fold to the toolbar's elements as ToolbarRow renders it (between a measure and React's render). */
function applyFold(elements: { folded: HTMLElement | null; content: HTMLElement; toggle: HTMLButtonElement | null }, fold: Fold, open: boolean): void {
  const height = foldedStyle(fold, open)?.height;
  if (elements.folded) elements.folded.style.height = height === undefined ? '' : `${String(height)}px`;
  elements.content.classList.toggle(ROOM_FOR_MORE, fold.overflows);
  if (elements.toggle) elements.toggle.hidden = !fold.overflows;
}

/**
 * Marks a popup a control draws in a portal (the export menu: the folded box would clip it) as
 * part of the toolbar: focus or a click there keeps the toolbar unfolded.
 */
export const TOOLBAR_POPUP = 'data-toolbar-popup';

function within(box: HTMLElement | null, node: EventTarget | null): boolean {
  if (!(node instanceof Node)) return false;
  return box?.contains(node) === true || (node instanceof Element && node.closest(`[${TOOLBAR_POPUP}]`) !== null);
}

export function ToolbarRow({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const folded = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const [fold, setFold] = useState<{ cut: number; overflows: boolean }>({ cut: 0, overflows: false });
  const [open, setOpen] = useState(false);
  const { overflows } = fold;

  /** The fold last measured (React's state may not have caught up yet: see `measure`). */
  const measured = useRef(fold);
  /** Whether the toolbar is unfolded, as last committed. */
  const committedOpen = useRef(false);
  /**
   * A new fold is drawn in the frame that laid the controls out, not a frame later (in between,
   * controls showed cut with no More, and a click there missed): written to the DOM here, as
   * React's next render writes it, and handed to React as an ordinary update. Not flushSync: a
   * synchronous render takes every update pending on the page with it (React 19's one sync lane),
   * and on the first frame after the app's commit that was the chart panel, the quote strip and the
   * legends' extras rendered inside the frame, 110–128 ms of it on a phone slowed 4×.
   */
  const measure = useCallback(() => {
    if (!box.current || !content.current) return;
    const next = foldLine(controlsOf(content.current), box.current.clientHeight);
    if (sameFold(measured.current, next)) return;
    measured.current = next;
    applyFold({ folded: folded.current, content: content.current, toggle: toggle.current }, next, committedOpen.current);
    setFold(next);
  }, []);
  // Folded again from the top (focus may have scrolled the folded box); nothing to do on mount.
  // Unfolded, it lies over the chart's top: how far (--toolbar-overhang) moves the chart's legend below it.
  useLayoutEffect(() => {
    if (!open && committedOpen.current && folded.current) folded.current.scrollTop = 0;
    committedOpen.current = open;
    box.current?.parentElement?.style.setProperty('--toolbar-overhang', `${open ? (folded.current?.offsetHeight ?? 0) - box.current.clientHeight : 0}px`);
  }, [open]);
  // Measured by the observer alone: its first call comes before the first paint, once the browser
  // has laid the toolbar out, and again whenever the controls' box changes size, the only way the
  // fold can move. Observed from the commit: a passive effect runs after the first paint of a
  // transition's commit (the app's first render is one), and for a frame or more the controls
  // showed unfolded, then moved as More appeared under a pointer already pressing one. Not measured
  // in the commit (that forced the app's first layout inside React's first commit: 62 ms of it on
  // a phone slowed 4×), nor on every render (the chart panel renders at each bar of a replay, and
  // each measure forces a layout).
  useLayoutEffect(() => {
    if (!content.current) return undefined;
    if (typeof ResizeObserver !== 'function') {
      measure();
      return undefined;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(content.current);
    return () => {
      observer.disconnect();
    };
  }, [measure]);

  // A click elsewhere folds it; so does Escape (focus goes back to the button).
  useEffect(() => {
    if (!open) return undefined;
    const away = (event: PointerEvent) => {
      if (!within(box.current, event.target)) setOpen(false);
    };
    const escape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const target = event.target;
    // Focus in a popup (React brings its events here through the portal) unfolds nothing.
    // Focus on "More" itself unfolds nothing: its click does (a tap focuses it first, and where the
    // button is taller than the row it stands in, as on a phone, focus would unfold and the click fold).
    if (
      open ||
      !overflows ||
      !content.current ||
      !(target instanceof HTMLElement) ||
      !box.current?.contains(target) ||
      toggle.current?.contains(target) === true
    )
      return;
    // Focus on a control below the fold. Measured from the controls' top: the browser may have
    // scrolled the folded box to show the focused control.
    if (target.getBoundingClientRect().bottom - content.current.getBoundingClientRect().top > fold.cut + 1) setOpen(true);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !within(box.current, event.relatedTarget)) setOpen(false);
  };

  return (
    <div ref={box} className="chart-toolbar" onFocus={onFocus} onBlur={onBlur}>
      <div
        ref={folded}
        className={`absolute inset-x-0 top-0 ${open ? 'z-20 rounded-b border-b border-slate-200 bg-white pb-2 shadow-2xl dark:border-slate-700 dark:bg-slate-900' : 'h-full overflow-hidden'}`}
        style={foldedStyle(fold, open)}
        data-testid="chart-toolbar"
      >
        <div ref={content} className={`${CONTENT_CLASS}${overflows ? ` ${ROOM_FOR_MORE}` : ''}`}>
          {children}
        </div>
      </div>
      {/* Always there, hidden while everything fits: `measure` shows it in the frame the fold moves. */}
      <button
        ref={toggle}
        type="button"
        hidden={!overflows}
        aria-expanded={open}
        aria-label={t('More chart tools')}
        onClick={() => {
          setOpen(!open);
        }}
        className="absolute top-0 right-0 z-30 rounded border border-slate-300 bg-white px-2 py-1 text-xs text-slate-600 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        {t('More')}
        <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
      </button>
    </div>
  );
}
