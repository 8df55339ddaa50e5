/**
 * What the user does on a chart before its view tools are there (chart-view-tools, loaded after
 * the first candle), held until they mount and act on it:
 * - a right-click on the chart, which the browser's own menu would take: the tools open their
 *   menu where it was, if it was made a few seconds ago at most;
 * - on the active chart, a view key (Alt+G, Alt+R, End: view-key), and what is typed after Alt+G
 *   (the date, Backspace, Enter): before, the press did nothing and the date's digits switched the
 *   interval. The boot's holder (app/boot/early-keys) hands over keys pressed before the app was
 *   there on window, so the keys are heard there. The key events themselves are held, not a draft
 *   (keys-while-opening's, which the tools hand them to): that module stays off the first page.
 */
import { DRAFT_WAIT_MS, editsDraft } from '../../lib/typed-draft';
import { isViewKeyFor, viewKeyAction, type ViewKeyAction } from './view-key';

/** A right-click older than this opens no menu when the tools come. */
const MENU_FRESH_MS = 3_000;

export interface HeldViewKey {
  action: ViewKeyAction;
  /** The keys typed after Alt+G, in order. */
  typed: KeyboardEvent[];
}

/** Where a held right-click was (the page's pixels). */
export interface HeldMenuPoint {
  x: number;
  y: number;
}

export interface ViewToolsHold {
  /** Holds the right-clicks on the chart in `panel`, and its view keys while it is `active`; returns the stop. */
  listen: (panel: HTMLElement, active: boolean) => () => void;
  /** Where the held right-click was, while it is fresh (a render may read it: it changes nothing). */
  menuAt: () => HeldMenuPoint | undefined;
  /** The tools listen to right-clicks themselves: a later mount opens no menu. */
  forgetMenu: () => void;
  /** The held view key, while it is fresh (a render may read it: it changes nothing). */
  viewKey: () => ViewKeyAction | undefined;
  /** The tools listen to the keys themselves: the held press, if fresh, and no key is held from now on. */
  takeViewKey: () => HeldViewKey | undefined;
}

const isFresh = <T extends { at: number }>(held: T | undefined, ms: number): T | undefined => (held && performance.now() - held.at < ms ? held : undefined);

export function createViewToolsHold(): ViewToolsHold {
  let menu: (HeldMenuPoint & { at: number }) | undefined;
  let key: (HeldViewKey & { at: number }) | undefined;
  let keysTaken = false;
  return {
    listen: (panel, active) => {
      // After the tools' own listener on the chart, which takes the right-click (defaultPrevented).
      const contextMenu = (event: MouseEvent): void => {
        // Not on the chart's canvases: its legend, its status.
        if (event.defaultPrevented || !(event.target instanceof HTMLCanvasElement)) return;
        event.preventDefault();
        menu = { x: event.clientX, y: event.clientY, at: performance.now() };
      };
      const keyDown = (event: KeyboardEvent): void => {
        if (keysTaken) return;
        const date = isFresh(key, DRAFT_WAIT_MS)?.action === 'date' ? key : undefined;
        if (date) {
          if (!editsDraft(event)) return;
          event.preventDefault();
          event.stopImmediatePropagation();
          date.typed.push(event);
          return;
        }
        const action = viewKeyAction(event);
        if (!action || !isViewKeyFor(event, panel)) return;
        event.preventDefault();
        key = { action, typed: [], at: performance.now() };
      };
      // A press elsewhere meanwhile: the user went on, and nothing held is for the dialog.
      const pointerDown = (): void => {
        key = undefined;
      };
      panel.addEventListener('contextmenu', contextMenu);
      if (active) {
        window.addEventListener('keydown', keyDown, true);
        window.addEventListener('pointerdown', pointerDown, true);
      }
      return () => {
        panel.removeEventListener('contextmenu', contextMenu);
        window.removeEventListener('keydown', keyDown, true);
        window.removeEventListener('pointerdown', pointerDown, true);
      };
    },
    menuAt: () => {
      const held = isFresh(menu, MENU_FRESH_MS);
      return held && { x: held.x, y: held.y };
    },
    forgetMenu: () => {
      menu = undefined;
    },
    viewKey: () => isFresh(key, DRAFT_WAIT_MS)?.action,
    takeViewKey: () => {
      const held = isFresh(key, DRAFT_WAIT_MS);
      keysTaken = true;
      key = undefined;
      return held && { action: held.action, typed: held.typed };
    },
  };
}
