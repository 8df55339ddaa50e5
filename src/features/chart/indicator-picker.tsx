/**
 * The indicator picker: a search over every kind (Add, or Enter for the first match, puts one more
 * on the chart with its default parameters: MA 5, 10, 20 and 60 are four adds) and the chart's
 * indicators to edit or remove. Its own chunk, with the catalog: nothing here is on the first page.
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { paramsFor } from '../../lib/indicator-catalog';
import type { IndicatorKind } from '#shared/indicators/kinds.ts';
import { indicatorName } from '#shared/indicators/names.ts';
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { useAppStore } from '../../store/app-store';
import type { IndicatorList } from '../../store/preferences-slice';
import { chartPalette } from './chart-palette';
import { shownColours } from './indicator-colours';
import { missingKinds } from './indicator-data';
import { Modal } from '../../components/ui/modal';
import { IndicatorInstanceEditor } from './indicator-instance-editor';
import { loadKinds } from './indicator-registry';
import { searchKinds } from './indicator-search';
import { newInstanceId } from './period-instances';

interface PickerProps {
  list: IndicatorList;
  onChange: (list: IndicatorList) => void;
  onClose: () => void;
}

export function IndicatorPicker({ list, onChange, onClose }: PickerProps) {
  useLanguage();
  const [query, setQuery] = useState('');
  const searchField = useRef<HTMLInputElement>(null);
  const found = searchKinds(query);
  const theme = useAppStore((state) => state.preferences.theme);
  const convention = useAppStore((state) => state.preferences.colors);
  // The colours each line shows need its kind's code: drawn again once it is here.
  const [, codeLoaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    loadKinds(missingKinds(list)).then(codeLoaded, () => undefined);
  }, [list]);
  const palette = chartPalette(theme, convention);
  const add = (kind: IndicatorKind): void => {
    onChange([...list, { id: newInstanceId(list, kind), kind, params: paramsFor(kind) }]);
  };
  const shown = shownColours(list, palette);
  return (
    <Modal label={t('Indicators')} onClose={onClose}>
      <div className="flex items-center gap-2 border-b border-slate-200 p-3 dark:border-slate-700">
        <input
          ref={searchField}
          type="search"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to type a name
          autoFocus
          aria-label={t('Search indicators')}
          placeholder={t('Search indicators')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
          }}
          onKeyDown={(event) => {
            // Enter adds the first match: "kdj⏎".
            const first = found[0];
            if (event.key === 'Enter' && first) add(first.kind);
          }}
          className="min-w-0 flex-1 rounded border border-slate-300 bg-transparent px-2 py-1 text-sm dark:border-slate-600"
        />
        <button type="button" onClick={onClose} className="rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
          {t('Close')}
        </button>
      </div>
      <ul aria-label={t('Search indicators')} className="relative max-h-64 overflow-y-auto p-1 text-sm">
        {found.map((spec) => {
          const name = indicatorName(spec.kind);
          return (
            <li key={spec.kind}>
              <button
                type="button"
                aria-label={t('Add {name}', { name })}
                onClick={() => {
                  add(spec.kind);
                }}
                className="flex w-full items-baseline gap-2 rounded px-2 py-1 text-left hover:bg-sky-50 dark:hover:bg-slate-800"
              >
                <span className="w-16 shrink-0 font-medium">{name}</span>
                <span className="text-slate-500 dark:text-slate-400">{t(spec.title)}</span>
              </button>
            </li>
          );
        })}
        {found.length === 0 && <li className="px-2 py-1 text-slate-500">{t('No indicator matches “{query}”', { query })}</li>}
      </ul>
      <section aria-label={t('On the chart')} className="border-t border-slate-200 p-3 text-xs dark:border-slate-700">
        <h2 className="mb-1 text-sm font-semibold">{t('On the chart')}</h2>
        {list.length === 0 ? (
          <p className="text-slate-500">{t('Nothing on the chart yet')}</p>
        ) : (
          <ul>
            {list.map((instance) => (
              <IndicatorInstanceEditor
                key={instance.id}
                instance={instance}
                shown={shown.get(instance.id)}
                onChange={(next) => {
                  onChange(list.map((item) => (item.id === instance.id ? next : item)));
                }}
                onRemove={() => {
                  // The pressed button goes with its indicator: focus stays in the dialog (Esc still closes it).
                  searchField.current?.focus();
                  onChange(list.filter((item) => item.id !== instance.id));
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}
