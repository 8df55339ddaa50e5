/**
 * The chart toolbar's Layout button: one, two, three or four charts and what they keep in step.
 * Only the button is first-page code; its menu loads when the button is pointed at or pressed.
 */
import { t } from '../../../i18n/t';
import { Suspense, useCallback, useRef, useState } from 'react';
import { lazyWithPreload, preloadOnIntent } from '../../../components/lazy-with-preload';

const menu = lazyWithPreload(() => import('./layout-menu').then((m) => m.LayoutMenu));
const LayoutMenu = menu.Component;

export function LayoutButton() {
  const [openAt, setOpenAt] = useState<HTMLButtonElement | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpenAt(undefined);
    if (refocus) button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={openAt !== undefined}
        onClick={(event) => {
          setOpenAt(openAt ? undefined : event.currentTarget);
        }}
        {...preloadOnIntent(menu.preload)}
        className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {t('Layout')}
      </button>
      {openAt && (
        <Suspense fallback={null}>
          <LayoutMenu anchor={openAt} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
