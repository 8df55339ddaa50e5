/**
 * The layout menu (loaded on demand by LayoutButton): how many charts and how they sit, and what
 * they keep in step (crosshair, symbol, interval, visible time range). Drawn in a portal at the
 * button, as the folded toolbar clips what overflows it; Escape or a click elsewhere closes it.
 */
import { t } from '../../../i18n/t';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useAppStore } from '../../../store/app-store';
import { LAYOUT_KINDS, SYNC_KEYS, type LayoutKind, type SyncKey } from '../../../store/chart-layout';
import { comparisonsId } from '../../../store/compare-slice';
import { setLayoutKind, setSync, slotLeaving } from '../../../store/layout-changes';
import { TOOLBAR_POPUP } from '../toolbar-row';
import { LayoutIcon } from './layout-icon';
import './layout.css';
import { usePointerDownOutside } from '../../../components/ui/use-pointer-down-outside';

function kindLabel(kind: LayoutKind): string {
  switch (kind) {
    case '1':
      return t('One chart');
    case '2h':
      return t('Two charts side by side');
    case '2v':
      return t('Two charts stacked');
    case '3':
      return t('Three charts');
    case '4':
      return t('Four charts (2 × 2)');
  }
}

function syncLabel(key: SyncKey): string {
  switch (key) {
    case 'crosshair':
      return t('Crosshair');
    case 'symbol':
      return t('Symbol');
    case 'interval':
      return t('Interval');
    case 'range':
      return t('Time range');
  }
}

/** Under the anchor, right edges aligned (the button ends the tab row), kept inside the window. */
function placeUnder(anchor: HTMLElement): { top: number; left: number } {
  const rect = anchor.getBoundingClientRect();
  return { top: rect.bottom + 4, left: Math.max(4, rect.right - MENU_WIDTH) };
}

/** The menu's width in px (layout.css). */
const MENU_WIDTH = 240;

export function LayoutMenu({ anchor, onClose }: { anchor: HTMLElement; onClose: (refocus: boolean) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [place] = useState(() => placeUnder(anchor));
  const kind = useAppStore((state) => state.layout.kind);
  const sync = useAppStore((state) => state.layout.sync);
  const updateLayout = useAppStore((state) => state.updateLayout);
  const swapComparisons = useAppStore((state) => state.swapComparisons);

  usePointerDownOutside(box, anchor, () => {
    onClose(false);
  });
  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]')?.focus();
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !box.current?.contains(document.activeElement)) return;
      event.stopPropagation();
      onClose(true);
    };
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('keydown', escape, true);
    };
  }, [onClose]);

  return createPortal(
    <div
      ref={box}
      role="dialog"
      aria-label={t('Chart layout')}
      {...{ [TOOLBAR_POPUP]: '' }}
      className="layout-menu"
      style={{ top: place.top, left: place.left }}
    >
      <div role="group" aria-label={t('Charts')} className="layout-menu-kinds">
        {LAYOUT_KINDS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === kind}
            aria-label={kindLabel(option)}
            title={kindLabel(option)}
            onClick={() => {
              const from = slotLeaving(useAppStore.getState().layout, option);
              updateLayout((layout) => setLayoutKind(layout, option));
              if (from !== undefined) swapComparisons(comparisonsId(0), comparisonsId(from));
            }}
          >
            <LayoutIcon kind={option} />
          </button>
        ))}
      </div>
      <fieldset className="layout-menu-sync" disabled={kind === '1'}>
        <legend>{t('Keep in step')}</legend>
        {SYNC_KEYS.map((key) => (
          <label key={key}>
            <input
              type="checkbox"
              checked={sync[key]}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                updateLayout((layout) => setSync(layout, key, on));
              }}
            />
            {syncLabel(key)}
          </label>
        ))}
      </fieldset>
    </div>,
    document.body,
  );
}
