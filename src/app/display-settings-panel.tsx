/**
 * A compact screen's display settings: one button in the header, and the panel it opens under
 * itself (drawn in a portal, over the page). A small non-modal dialog: focus goes into it as it
 * opens; Escape closes it back to the button; a tap elsewhere, or focus leaving it, closes it.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { placeUnderRightEdge } from '../components/ui/place-under';
import { usePointerDownOutside } from '../components/ui/use-pointer-down-outside';
import { t } from '../i18n/t';

interface DisplaySettingsPanelProps {
  /** The controls the panel holds; `close` closes it (`refocus`: focus back to the button). */
  children: (close: (refocus: boolean) => void) => ReactNode;
}

function SlidersIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
      <path d="M2 4h12M2 8h12M2 12h12" />
      <circle cx="5" cy="4" r="1.6" fill="currentColor" />
      <circle cx="11" cy="8" r="1.6" fill="currentColor" />
      <circle cx="7" cy="12" r="1.6" fill="currentColor" />
    </svg>
  );
}

function Panel({ anchor, onClose, children }: { anchor: HTMLElement; onClose: (refocus: boolean) => void; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  const [place] = useState(() => placeUnderRightEdge(anchor));
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('select, button')?.focus();
  }, []);
  usePointerDownOutside(panel, anchor, () => {
    onClose(false);
  });
  useEffect(() => {
    const element = panel.current;
    const keys = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
    };
    // Focus gone elsewhere (Tab out of the panel): closed, as a tap elsewhere closes it.
    const focusLeft = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !element?.contains(next) && !anchor.contains(next)) onClose(false);
    };
    element?.addEventListener('keydown', keys);
    element?.addEventListener('focusout', focusLeft);
    return () => {
      element?.removeEventListener('keydown', keys);
      element?.removeEventListener('focusout', focusLeft);
    };
  }, [anchor, onClose]);
  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-label={t('Display settings')}
      tabIndex={-1}
      style={{ top: place.top, right: place.right }}
      className="fixed z-50 flex w-64 flex-col gap-0.5 rounded border border-slate-200 bg-white p-1 text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
    >
      {children}
    </div>,
    document.body,
  );
}

export function DisplaySettingsPanel({ children }: DisplaySettingsPanelProps) {
  const [open, setOpen] = useState(false);
  // The button, for the panel to sit under and for focus to come back to.
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const close = useCallback(
    (refocus: boolean) => {
      setOpen(false);
      if (refocus) anchor?.focus();
    },
    [anchor],
  );
  return (
    <>
      <button
        ref={setAnchor}
        type="button"
        aria-label={t('Display settings')}
        title={t('Display settings')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open);
        }}
        className="rounded border border-slate-300 px-2 py-1.5 text-slate-500 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-400 dark:hover:bg-slate-800"
      >
        <SlidersIcon />
      </button>
      {open && anchor && (
        <Panel anchor={anchor} onClose={close}>
          {children(close)}
        </Panel>
      )}
    </>
  );
}
