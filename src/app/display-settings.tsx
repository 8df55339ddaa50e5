/**
 * Language, theme, up/down colours and "Your data": a row of small controls in the header; on a
 * compact screen (a phone, upright or on its side) one button that opens them in a panel, so the
 * header's rows keep their room for the quote and the market's state.
 */
import { Suspense, useState } from 'react';
import { lazyWithPreload, preloadOnIntent } from '../components/lazy-with-preload';
import { useMediaQuery } from '../components/use-media-query';
import { t } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import { useAppStore } from '../store/app-store';
import { DisplaySettingsPanel } from './display-settings-panel';
import { LanguageMenu } from './language-menu';

const yourData = lazyWithPreload(() => import('./workspace-sync/your-data-dialog').then((m) => m.YourDataDialog));
const YourDataDialog = yourData.Component;

/** The `compact` variant of src/index.css: a screen under 640 px, or a phone on its side. */
const COMPACT_SCREEN = '(width < 40rem), (width < 64rem) and (height < 30rem)';

const HEADER_BUTTON = 'rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';
const PANEL_BUTTON =
  'flex w-full items-center gap-2 rounded px-2 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

interface DisplayControlsProps {
  /** In the compact screen's panel: one control a line, each with its words. */
  inPanel: boolean;
  onYourData: () => void;
}

/** The controls themselves, a row of symbols in the header or labelled lines in the panel. */
function DisplayControls({ inPanel, onYourData }: DisplayControlsProps) {
  const theme = useAppStore((state) => state.preferences.theme);
  const colors = useAppStore((state) => state.preferences.colors);
  const setTheme = useAppStore((state) => state.setTheme);
  const setColors = useAppStore((state) => state.setColors);
  const themeAction = t(theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme');
  const colorsAction = t(colors === 'green-up' ? 'Use red for up (Chinese convention)' : 'Use green for up');
  const button = inPanel ? PANEL_BUTTON : HEADER_BUTTON;
  // In the panel the words show, and are the button's name; in the header the name is a label.
  const named = (action: string) => (inPanel ? {} : { 'aria-label': action });
  return (
    <>
      {inPanel ? (
        <div className="flex items-center justify-between gap-3 px-2 py-1 text-sm">
          <span aria-hidden="true">{t('Language')}</span>
          <LanguageMenu />
        </div>
      ) : (
        <LanguageMenu />
      )}
      <button
        type="button"
        className={button}
        {...named(themeAction)}
        onClick={() => {
          setTheme(theme === 'dark' ? 'light' : 'dark');
        }}
      >
        <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
        {/* In the header the word only from 2xl (its one row keeps its room for the quote below that). */}
        {inPanel ? <span>{themeAction}</span> : <span className="hidden 2xl:inline"> {t(theme === 'dark' ? 'Light' : 'Dark')}</span>}
      </button>
      <button
        type="button"
        className={button}
        {...named(colorsAction)}
        title={t('Up/down colours')}
        onClick={() => {
          setColors(colors === 'green-up' ? 'red-up' : 'green-up');
        }}
      >
        <span aria-hidden="true">
          <span style={{ color: 'var(--color-up)' }}>▲</span>
          <span style={{ color: 'var(--color-down)' }}>▼</span>
        </span>
        {inPanel && <span>{colorsAction}</span>}
      </button>
      <button
        type="button"
        className={button}
        {...named(t('Your data'))}
        title={t('Your data')}
        aria-haspopup="dialog"
        onClick={onYourData}
        {...preloadOnIntent(yourData.preload)}
      >
        <span aria-hidden="true">⇅</span>
        {inPanel && <span>{t('Your data')}</span>}
      </button>
    </>
  );
}

export function DisplaySettings() {
  useLanguage();
  const compact = useMediaQuery(COMPACT_SCREEN);
  const [dataOpen, setDataOpen] = useState(false);
  const openYourData = () => {
    setDataOpen(true);
  };
  return (
    <div className="flex items-center gap-1">
      {compact ? (
        <DisplaySettingsPanel>
          {(close) => (
            <DisplayControls
              inPanel
              onYourData={() => {
                // Focus back on the settings button first: the dialog gives it back there as it closes.
                close(true);
                openYourData();
              }}
            />
          )}
        </DisplaySettingsPanel>
      ) : (
        <DisplayControls inPanel={false} onYourData={openYourData} />
      )}
      {dataOpen && (
        <Suspense fallback={null}>
          <YourDataDialog
            onClose={() => {
              setDataOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
