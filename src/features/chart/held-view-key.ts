/**
 * A view key (Alt+G, Alt+R, End: view-key) pressed on the active chart before its view tools are
 * there (chart-view-tools, loaded after the first candle) did nothing, and the date typed after
 * Alt+G went to the interval keys: the press is held here, and what is typed after Alt+G too (the
 * date, Backspace, Enter), and the tools act on them once they mount. Listens on window: the
 * boot's holder (app/boot/early-keys) hands over keys pressed before the app was there on window.
 * Holds the key events themselves, not a draft (keys-while-opening's, which the tools hand them to):
 * that module stays off the first page.
 */
import { isViewKeyFor, viewKeyAction, type ViewKeyAction } from './view-key';

/** A press older than this opens nothing (keys-while-opening's wait for a dialog's field). */
const FRESH_MS = 10_000;

/** What is held after Alt+G: the keys that type (the early holder's too, shared/early-keys-script). */
const typesText = (event: KeyboardEvent): boolean =>
  !event.ctrlKey && !event.metaKey && (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Enter' || event.key === 'Escape');

export interface HeldPress {
  action: ViewKeyAction;
  /** The keys typed after Alt+G, in order. */
  typed: KeyboardEvent[];
}

export interface HeldViewKey {
  /** Holds the view keys for the chart in `panel` until the tools take them; returns the stop. */
  listen: (panel: Element) => () => void;
  /** The held press, while it is fresh (a render may read it: it changes nothing). */
  peek: () => ViewKeyAction | undefined;
  /** The tools are here and listen themselves: the held press, if fresh, and no press is held from now on. */
  take: () => HeldPress | undefined;
}

export function createHeldViewKey(): HeldViewKey {
  let press: (HeldPress & { at: number }) | undefined;
  let taken = false;
  const fresh = () => (press && performance.now() - press.at < FRESH_MS ? press : undefined);
  return {
    listen: (panel) => {
      const keyDown = (event: KeyboardEvent): void => {
        if (taken) return;
        const date = fresh()?.action === 'date' ? press : undefined;
        if (date) {
          if (!typesText(event)) return;
          event.preventDefault();
          event.stopImmediatePropagation();
          date.typed.push(event);
          return;
        }
        const action = viewKeyAction(event);
        if (!action || !isViewKeyFor(event, panel)) return;
        event.preventDefault();
        press = { action, typed: [], at: performance.now() };
      };
      // A press elsewhere meanwhile: the user went on, and nothing held is for the dialog.
      const pointerDown = (): void => {
        press = undefined;
      };
      window.addEventListener('keydown', keyDown, true);
      window.addEventListener('pointerdown', pointerDown, true);
      return () => {
        window.removeEventListener('keydown', keyDown, true);
        window.removeEventListener('pointerdown', pointerDown, true);
      };
    },
    peek: () => fresh()?.action,
    take: () => {
      const held = fresh();
      taken = true;
      press = undefined;
      return held && { action: held.action, typed: held.typed };
    },
  };
}
