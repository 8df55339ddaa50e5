/**
 * The Screener tab: the screen editor, its results (asked of the server every few seconds while
 * shown, screen-query.ts), and the saved screens (workspace records) with a link to share one.
 * Loaded on demand, as the HK market is (src/app/app.tsx).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { normalizeSymbol } from '#shared/symbols.ts';
import type { Screen, SortColumn } from '#shared/screener/screen-model.ts';
import { columnKey } from '#shared/screener/screen-model.ts';
import type { ScreenAnswer } from '#shared/screener/screener-protocol.ts';
import { rowOrder } from '#shared/screener/screen-sort.ts';
import { activeLanguage } from '../../i18n/translate';
import { t } from '../../i18n/t';
import type { Language } from '../../i18n/locales';
import { useLanguage } from '../../i18n/use-language';
import { localName, type ToTraditional } from '../../lib/local-name';
import { useTraditionalScript } from '../../queries/use-traditional-script';
import { useAppStore } from '../../store/app-store';
import { wallClock } from '../../time/clock';
import { ResultsTable, type ResultRow } from './results-table';
import { NO_CHANGES, rowChanges, type RowChanges } from './row-changes';
import { exportScreen } from './screen-csv';
import { readDraft } from './screen-draft';
import { ScreenEditor } from './screen-editor';
import { decodeScreen, takeLinkScreenAtLoad } from './screen-link';
import { isFinalRefusal, ScreenRequestError, useScreenAnswer } from './screen-query';
import { SavedScreens } from './saved-screens';
import { useScreenerStore } from './screener-store';
import { inputName } from './screen-words';

/** How long after the last keystroke a valid screen is asked for. */
const APPLY_AFTER_MS = 400;
/** How long a row that entered stays lit, and the count of those that left shows. */
const ENTERED_MS = 3_000;
const LEFT_MS = 10_000;

/** The name of a row's symbol in the page's script (as the header names it: localName). */
function nameOf(names: ScreenAnswer['names'][number] | undefined, language: Language, toTraditional: ToTraditional | undefined): string {
  return names ? localName(names.en ?? '', names, language, toTraditional) : '';
}

/** What decides which symbols match: the screen without its order, unless a limit cuts by it. */
function matchKey(screen: Screen): string {
  return JSON.stringify(screen.limit === undefined ? { ...screen, sort: null } : screen);
}

/** A shared screen of the page's link: opened in the editor once, or reported when bad. */
function useLinkedScreen(takeLinkScreen: () => string | undefined): void {
  const open = useScreenerStore((state) => state.open);
  useEffect(() => {
    const param = takeLinkScreen();
    if (param === undefined) return;
    const decoded = decodeScreen(param);
    if (decoded.ok) open(decoded.screen, decoded.name);
    else {
      const problems = decoded.problems.join('; ');
      useAppStore
        .getState()
        .pushNotice('warning', () => t('The screen in the link could not be read ({problems}); nothing was opened or saved.', { problems }));
    }
  }, [open, takeLinkScreen]);
}

interface ScreenerPanelProps {
  /** The page link's shared screen (`screen=`), taken once (tests give their own). */
  takeLinkScreen?: () => string | undefined;
}

export function ScreenerPanel({ takeLinkScreen = takeLinkScreenAtLoad }: ScreenerPanelProps) {
  const toTraditional = useTraditionalScript(useLanguage());
  useLinkedScreen(takeLinkScreen);
  const draft = useScreenerStore((state) => state.draft);
  const edit = useScreenerStore((state) => state.edit);
  const name = useScreenerStore((state) => state.name);
  const language = activeLanguage();
  // The language is read: a switch says the problems again in the new one.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const reading = useMemo(() => readDraft(draft, inputName), [draft, language]);
  const valid = reading.screen;
  const validKey = valid ? JSON.stringify(valid) : undefined;

  // The screen asked for: the draft's, once it is valid and typing paused; the last good one meanwhile.
  const [applied, setApplied] = useState<Screen | undefined>(valid);
  useEffect(() => {
    if (!valid || validKey === undefined) return undefined;
    const timer = setTimeout(() => {
      setApplied((current) => (current && JSON.stringify(current) === validKey ? current : valid));
    }, APPLY_AFTER_MS);
    return () => {
      clearTimeout(timer);
    };
    // validKey stands for valid.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [validKey]);
  const appliedKey = applied ? JSON.stringify(applied) : '';
  const query = useScreenAnswer(applied);
  const answer = query.data;

  // Entering and leaving rows, between answers of the same screen.
  const [changes, setChanges] = useState<{ data: ScreenAnswer | undefined; rows: RowChanges; at: number }>({ data: undefined, rows: NO_CHANGES, at: 0 });
  if (answer !== changes.data && !query.isPlaceholderData && applied) {
    setChanges({
      data: answer,
      rows: rowChanges(
        changes.rows,
        matchKey(applied),
        (answer?.rows ?? []).map((row) => row.symbol),
      ),
      at: wallClock.now(),
    });
  }
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (changes.rows.entered.size === 0 && changes.rows.left.length === 0) return undefined;
    const timers = [ENTERED_MS, LEFT_MS].map((after) =>
      setTimeout(() => {
        setNow(wallClock.now());
      }, after),
    );
    return () => {
      timers.forEach(clearTimeout);
    };
  }, [changes]);
  const age = Math.max(now, changes.at) - changes.at;
  const entered = age < ENTERED_MS ? changes.rows.entered : NO_CHANGES.entered;
  const left = age < LEFT_MS ? changes.rows.left : [];

  // The rows in the draft's order at once (the server's answer to the new order follows).
  const sort = draft.sort;
  const rows = useMemo((): ResultRow[] => {
    if (!answer) return [];
    const list = answer.rows.map((row, index) => ({
      symbol: row.symbol,
      name: nameOf(answer.names[index], language, toTraditional),
      values: row.values,
    }));
    const index = sort.column === 'symbol' ? undefined : answer.keys.indexOf(columnKey(sort.column));
    if (index === -1) return list;
    return list.sort(rowOrder(sort, index));
  }, [answer, sort, language, toTraditional]);

  const onSort = useCallback(
    (column: SortColumn) => {
      edit((current) => {
        const same = columnKey(current.sort.column) === columnKey(column);
        const direction = same ? (current.sort.direction === 'asc' ? 'desc' : 'asc') : column === 'symbol' || column === 'board' ? 'asc' : 'desc';
        return { ...current, sort: { column, direction } };
      });
    },
    [edit],
  );

  const openSymbol = useAppStore((state) => state.openSymbol);
  const setTab = useAppStore((state) => state.setTab);
  const universeType = applied?.universe.type;
  const onOpen = useCallback(
    (symbol: string) => {
      openSymbol(symbol, universeType);
      setTab('chart');
    },
    [openSymbol, setTab, universeType],
  );
  const listSymbols = useAppStore((state) => state.watchlists.find((list) => list.id === state.activeWatchlistId)?.symbols);
  const inWatchlist = useMemo(() => new Set((listSymbols ?? []).map(normalizeSymbol)), [listSymbols]);
  const onAdd = useCallback((symbol: string) => {
    useAppStore.getState().addToActiveWatchlist(normalizeSymbol(symbol));
  }, []);

  const error = query.error;
  const warming = answer?.state === 'warming' ? answer.warmUp : undefined;

  return (
    <div data-testid="screener" className="relative flex h-full min-h-0 flex-col gap-2 overflow-auto p-2 lg:overflow-hidden">
      <SavedScreens
        screen={valid}
        onExport={
          answer
            ? () => {
                exportScreen(name, answer.columns, rows, wallClock.now());
              }
            : undefined
        }
      />
      <div className="relative shrink-0 lg:max-h-[45%] lg:overflow-auto">
        <ScreenEditor draft={draft} problems={reading.problems ?? {}} general={reading.screen ? [] : reading.general} />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300" aria-live="polite">
        {answer && (
          <span data-testid="screen-count">
            {answer.rows.length < answer.matched
              ? t('Showing {shown} of {matched} matches', { shown: answer.rows.length, matched: answer.matched })
              : t('Matches: {matched}', { matched: answer.matched })}
          </span>
        )}
        {warming && (
          <span data-testid="screen-warming" className="flex items-center gap-1.5">
            <progress value={warming.ready} max={Math.max(1, warming.total)} className="h-1.5 w-24" aria-label={t('Warm-up')} />
            {t('Warming up the market: {ready} of {total} symbols ready; the rows are what matches so far.', { ready: warming.ready, total: warming.total })}
          </span>
        )}
        {entered.size > 0 && (
          <span className="text-amber-700 dark:text-amber-300">{t('New in the screen: {symbols}', { symbols: [...entered].slice(0, 5).join(', ') })}</span>
        )}
        {left.length > 0 && (
          <span data-testid="screen-left" title={left.join(', ')} className="text-slate-500 transition-opacity dark:text-slate-400">
            {t('Left the screen: {symbols}', { symbols: left.length > 5 ? `${left.slice(0, 5).join(', ')} (+${String(left.length - 5)})` : left.join(', ') })}
          </span>
        )}
        {(query.isFetching || (applied && validKey !== appliedKey)) && !error && <span className="text-slate-400">{t('Updating…')}</span>}
        {error && (
          <span role="alert" className="text-red-600 dark:text-red-400">
            {isFinalRefusal(error)
              ? t('The server refused this screen: {message}', { message: error.message })
              : error instanceof ScreenRequestError && error.status === 0
                ? t('The screener cannot be reached; trying again.')
                : t('The screener failed ({message}); trying again.', { message: error.message })}
          </span>
        )}
      </div>
      {answer ? (
        <ResultsTable
          universe={query.isPlaceholderData ? undefined : applied?.universe}
          columns={answer.columns}
          rows={rows}
          sort={sort}
          onSort={onSort}
          entered={entered}
          inWatchlist={inWatchlist}
          onOpen={onOpen}
          onAdd={onAdd}
        />
      ) : (
        !error && (
          <p role="status" className="text-xs text-slate-500">
            {applied ? t('Screening…') : t('Fix the screen to see its results.')}
          </p>
        )
      )}
    </div>
  );
}
