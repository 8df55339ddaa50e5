/** Language, theme and up/down colour convention switches in the header, and "Your data". */
import { Suspense, useState } from 'react';
import { lazyWithPreload, preloadOnIntent } from '../components/lazy-with-preload';
import { t } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import { useAppStore } from '../store/app-store';
import { LanguageMenu } from './language-menu';

const yourData = lazyWithPreload(() => import('./workspace-sync/your-data-dialog').then((m) => m.YourDataDialog));
const YourDataDialog = yourData.Component;

export function DisplaySettings() {
  useLanguage();
  const [dataOpen, setDataOpen] = useState(false);
  const theme = useAppStore((state) => state.preferences.theme);
  const colors = useAppStore((state) => state.preferences.colors);
  const setTheme = useAppStore((state) => state.setTheme);
  const setColors = useAppStore((state) => state.setColors);
  const button = 'rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';
  return (
    <div className="flex items-center gap-1">
      <LanguageMenu />
      <button
        type="button"
        className={button}
        aria-label={t(theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme')}
        onClick={() => {
          setTheme(theme === 'dark' ? 'light' : 'dark');
        }}
      >
        {/* The symbol alone below 2xl (the name is the button's label): the header's one row keeps its room for the quote. */}
        <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
        <span className="hidden 2xl:inline"> {t(theme === 'dark' ? 'Light' : 'Dark')}</span>
      </button>
      <button
        type="button"
        className={button}
        aria-label={t(colors === 'green-up' ? 'Use red for up (Chinese convention)' : 'Use green for up')}
        title={t('Up/down colours')}
        onClick={() => {
          setColors(colors === 'green-up' ? 'red-up' : 'green-up');
        }}
      >
        <span style={{ color: 'var(--color-up)' }}>▲</span>
        <span style={{ color: 'var(--color-down)' }}>▼</span>
      </button>
      <button
        type="button"
        className={button}
        aria-label={t('Your data')}
        title={t('Your data')}
        aria-haspopup="dialog"
        onClick={() => {
          setDataOpen(true);
        }}
        {...preloadOnIntent(yourData.preload)}
      >
        <span aria-hidden="true">⇅</span>
      </button>
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
