/**
 * The screener's top row: a saved screen to open, the name to save under, Save (over the screen
 * opened, or as a new one), Delete, a link that opens the screen anywhere, an alert on the
 * symbols that enter the screen (the server evaluates it), and the CSV export.
 */
import { useState } from 'react';
import type { Screen } from '#shared/screener/screen-model.ts';
import { createAlert, useAlertsCanCreate } from '../../components/alert-opener';
import { t } from '../../i18n/t';
import { INPUT_CLASS } from './condition-fields';
import { screenLink } from './screen-link';
import { useScreenerStore } from './screener-store';
import { useScreensStore } from './screens-store';

const BUTTON =
  'h-7 rounded border border-slate-300 px-2 text-xs text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-500 disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';

interface SavedScreensProps {
  /** The draft's screen; undefined while it has problems (nothing to save or share). */
  screen: Screen | undefined;
  onExport: (() => void) | undefined;
}

export function SavedScreens({ screen, onExport }: SavedScreensProps) {
  const screens = useScreensStore((state) => state.screens);
  const name = useScreenerStore((state) => state.name);
  const savedId = useScreenerStore((state) => state.savedId);
  const { setName, open, setSavedId } = useScreenerStore.getState();
  const [said, setSaid] = useState<string | undefined>(undefined);
  /** What the last action said went wrong (shown as an alert, not a status). */
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const alertsCanCreate = useAlertsCanCreate('screen');
  const tell = (text: string | undefined) => {
    setSaid(text);
    setRefused(undefined);
  };
  const [link, setLink] = useState<string | undefined>(undefined);
  const saved = screens.find((each) => each.id === savedId);

  const save = (asNew: boolean) => {
    if (!screen) return;
    const title = name.trim() || t('Untitled screen');
    setName(title);
    if (saved && !asNew) {
      useScreensStore.getState().replace(saved.id, title, screen);
      tell(t('Saved “{name}”.', { name: title }));
      return;
    }
    const added = useScreensStore.getState().add(title, screen);
    if (added) {
      setSavedId(added.id);
      tell(t('Saved “{name}”.', { name: title }));
    } else tell(t('Too many saved screens: delete one first.'));
  };

  const alertOnEntries = () => {
    if (!screen) return;
    const title = name.trim() || t('Untitled screen');
    const created = createAlert({ screen, name: title });
    if (created.ok) {
      setRefused(undefined);
      setSaid(t('Alert set: you will be told of each symbol that enters “{name}” (once a day per symbol).', { name: title }));
    } else {
      setSaid(undefined);
      setRefused(created.message);
    }
  };

  const share = () => {
    if (!screen) return;
    const url = screenLink(screen, name.trim(), window.location.href);
    setLink(url);
    void navigator.clipboard.writeText(url).then(
      () => {
        tell(t('Link copied.'));
      },
      () => undefined,
    );
  };

  return (
    <div className="flex shrink-0 flex-col gap-1">
      <div className="flex flex-wrap items-end gap-1.5">
        <label className="flex flex-col gap-0.5 text-[11px] text-slate-500 dark:text-slate-400">
          {t('Saved screens')}
          <select
            data-testid="saved-screens"
            value={saved?.id ?? ''}
            onChange={(event) => {
              const chosen = screens.find((each) => each.id === event.target.value);
              tell(undefined);
              setLink(undefined);
              if (chosen) open(chosen.screen, chosen.name, chosen.id);
              else setSavedId(undefined);
            }}
            className={`${INPUT_CLASS} max-w-48`}
          >
            <option value="">{screens.length === 0 ? t('None yet') : t('Choose…')}</option>
            {screens.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-0.5 text-[11px] text-slate-500 dark:text-slate-400">
          {t('Name')}
          <input
            type="text"
            value={name}
            maxLength={80}
            autoComplete="off"
            placeholder={t('Untitled screen')}
            onChange={(event) => {
              setName(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                save(false);
              }
            }}
            className={`${INPUT_CLASS} w-40`}
          />
        </label>
        <button
          type="button"
          disabled={!screen}
          onClick={() => {
            save(false);
          }}
          className={BUTTON}
        >
          {t('Save')}
        </button>
        {saved && (
          <>
            <button
              type="button"
              disabled={!screen}
              onClick={() => {
                save(true);
              }}
              className={BUTTON}
            >
              {t('Save as new')}
            </button>
            <button
              type="button"
              onClick={() => {
                useScreensStore.getState().remove(saved.id);
                setSavedId(undefined);
                tell(t('Deleted “{name}”.', { name: saved.name }));
              }}
              className={BUTTON}
            >
              {t('Delete')}
            </button>
          </>
        )}
        <button type="button" disabled={!screen} onClick={share} className={BUTTON}>
          {t('Copy link')}
        </button>
        <button
          type="button"
          disabled={!screen || !alertsCanCreate}
          onClick={alertOnEntries}
          className={BUTTON}
          title={t('Tell me when a symbol enters this screen')}
        >
          {t('Alert on entries')}
        </button>
        <button type="button" disabled={!onExport} onClick={onExport} className={BUTTON}>
          {t('Export CSV')}
        </button>
        {said !== undefined && (
          <span role="status" className="self-center text-xs text-emerald-700 dark:text-emerald-400">
            {said}
          </span>
        )}
        {refused !== undefined && (
          <span role="alert" className="self-center text-xs text-red-600 dark:text-red-400">
            {refused}
          </span>
        )}
      </div>
      {link !== undefined && (
        <label className="flex items-center gap-1.5 text-[11px] text-slate-500 dark:text-slate-400">
          {t('Link to this screen')}
          <input
            data-testid="screen-link"
            type="text"
            readOnly
            value={link}
            onFocus={(event) => {
              event.target.select();
            }}
            className={`${INPUT_CLASS} min-w-0 flex-1 font-mono`}
          />
        </label>
      )}
    </div>
  );
}
