/**
 * Below lg the page shows one screen at a time: the chart (with the other tabs of the main area),
 * the watchlists or the markets and alerts. This bar, fixed at the bottom of the page
 * (`.app-screens` in src/app/layout.css, whose box the static shell already holds), switches
 * between them with one tap; app.tsx hides the others (`data-screen` on the grid). From lg on
 * everything is side by side and the bar is not shown.
 */
import { t, type MessageKey } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import type { ReactNode } from 'react';

export type PhoneScreen = 'chart' | 'watchlist' | 'markets';

const ICON = { 'aria-hidden': true, viewBox: '0 0 20 20', width: 20, height: 20, fill: 'none', stroke: 'currentColor', strokeWidth: 1.6 } as const;

const SCREENS: { id: PhoneScreen; label: MessageKey; icon: ReactNode }[] = [
  {
    id: 'chart',
    label: 'Chart',
    icon: (
      <svg {...ICON}>
        <path d="M5 3v14M10 5v10M15 7v8" strokeLinecap="round" />
        <rect x="3.5" y="7" width="3" height="6" rx="0.5" />
        <rect x="13.5" y="9" width="3" height="4" rx="0.5" />
      </svg>
    ),
  },
  {
    id: 'watchlist',
    label: 'Watchlist',
    icon: (
      <svg {...ICON}>
        <path d="M4 5h12M4 10h12M4 15h12" strokeLinecap="round" />
      </svg>
    ),
  },
  {
    id: 'markets',
    label: 'Markets',
    icon: (
      <svg {...ICON}>
        <circle cx="10" cy="10" r="6.5" />
        <path d="M10 6v4l2.5 2" strokeLinecap="round" />
      </svg>
    ),
  },
];

interface ScreenBarProps {
  screen: PhoneScreen;
  onScreen: (screen: PhoneScreen) => void;
}

export function ScreenBar({ screen, onScreen }: ScreenBarProps) {
  useLanguage();
  return (
    <nav aria-label={t('Screens')} className="app-screens">
      {SCREENS.map(({ id, label, icon }) => (
        <button
          key={id}
          type="button"
          aria-pressed={screen === id}
          onClick={() => {
            onScreen(id);
          }}
          className="flex flex-1 flex-col items-center justify-center gap-0.5 text-xs landscape-phone:flex-row landscape-phone:gap-2 text-slate-500 aria-pressed:text-sky-600 dark:text-slate-400 dark:aria-pressed:text-sky-400"
        >
          {icon}
          {t(label)}
        </button>
      ))}
    </nav>
  );
}
