/**
 * Each indicator's legend: its name, parameters and values at the crosshair (or at the last candle),
 * in its lines' colours, with its eye (hide, show), its settings, its removal and, for one in a
 * pane of its own, moving that pane up or down and maximising it. Those over the price (and a
 * hidden one, whose pane is gone) list under the candle's legend; the others sit in their pane's
 * top-left, drawn into the library's cell of that pane so they follow its place and size.
 * Loaded after the first candle: nothing of it is on the first page.
 */
import type { ISeriesApi, SeriesType } from 'lightweight-charts';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { useAppStore } from '../../store/app-store';
import type { IndicatorInstance, IndicatorList } from '../../store/preferences-slice';
import type { ChartAdapter } from './chart-adapter';
import type { DrawnIndicator, IndicatorReadout } from './chart-indicators';
import { chartPalette } from './chart-palette';
import { indicatorColour, missingKinds } from './indicator-data';
import { IndicatorInstanceEditor } from './indicator-instance-editor';
import { legendTitle, legendValues } from './indicator-legend-text';
import { loadKinds } from './indicator-registry';
import { movedInList, paneCellOf, usePaneLayout } from './indicator-panes';
import './indicator-legends.css';

interface IndicatorLegendsProps {
  adapter: ChartAdapter;
  list: IndicatorList;
  onChange: (list: IndicatorList) => void;
}

/** The chart time under the crosshair; undefined when it is away (the legends show the last candle). */
function useCrosshairTime(adapter: ChartAdapter): number | undefined {
  const [time, setTime] = useState<number | undefined>(undefined);
  useEffect(
    () =>
      adapter.onCrosshair((hit) => {
        setTime(hit?.candle.time);
      }),
    [adapter],
  );
  return time;
}

/**
 * Renders again when the indicators' values or series may have moved: the candles changed (the
 * chart updates the indicators with them, before this renders), a new series came, the chart built
 * the indicators' series again, or the code of a kind the list names arrived (the chart draws it as
 * it does: it asked first).
 */
function useChartChanges(adapter: ChartAdapter, list: IndicatorList): void {
  const [, setChanges] = useState(0);
  useEffect(() => {
    const { priceSeries } = adapter.surface;
    const changed = (): void => {
      setChanges((count) => count + 1);
    };
    priceSeries.subscribeDataChanged(changed);
    const off = adapter.surface.onDataChange(changed);
    // Series built again (new decimals or palette, no new candles): the legends move to the new panes.
    const offBuilt = adapter.indicators.onBuilt(changed);
    return () => {
      priceSeries.unsubscribeDataChanged(changed);
      off();
      offBuilt();
    };
  }, [adapter]);
  // A new list: the chart draws it in its own effect, which runs after this one; the loads settle after both.
  useEffect(() => {
    let current = true;
    loadKinds(missingKinds(list)).then(
      () => {
        if (current) setChanges((count) => count + 1);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [list]);
}

/** The decimals a series' scale labels its values with (its format's precision). */
function seriesDecimals(series: Pick<ISeriesApi<SeriesType>, 'options'>, fallback: number): number {
  const format = series.options().priceFormat;
  return 'precision' in format && typeof format.precision === 'number' ? format.precision : fallback;
}

/** How many frames to wait for the library to lay out a new pane before giving up on its cell. */
const CELL_TRIES = 10;

/**
 * The library's cell of each drawn indicator's own pane (by instance id), once it has laid them out:
 * the library builds its panes' elements in the frame after the series are added. Looked for again
 * with each new `drawn`, among the series drawn at that frame (those of this render may be gone).
 */
function usePaneCells(readout: IndicatorReadout, drawn: readonly DrawnIndicator[]): ReadonlyMap<string, HTMLElement> {
  const [cells, setCells] = useState<ReadonlyMap<string, HTMLElement>>(new Map());
  useEffect(() => {
    let tries = 0;
    let frame = 0;
    const find = (): void => {
      const next = new Map<string, HTMLElement>();
      let missing = false;
      for (const item of readout.drawn()) {
        if (item.pane === 0) continue;
        const cell = paneCellOf(item);
        if (cell) next.set(item.indicator.id, cell);
        else missing = true;
      }
      setCells(next);
      tries += 1;
      if (missing && tries < CELL_TRIES) frame = requestAnimationFrame(find);
    };
    frame = requestAnimationFrame(find);
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [readout, drawn]);
  return cells;
}

export function IndicatorLegends({ adapter, list, onChange }: IndicatorLegendsProps) {
  useLanguage();
  const readout = adapter.indicators;
  useChartChanges(adapter, list);
  const time = useCrosshairTime(adapter);
  const drawn = readout.drawn();
  const cells = usePaneCells(readout, drawn);
  const maximise = usePaneLayout(adapter.surface.chart, readout);
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const palette = chartPalette(
    useAppStore((state) => state.preferences.theme),
    useAppStore((state) => state.preferences.colors),
  );
  // Over the price at the price's precision; in a pane of its own at that series' (the price's and more for a difference of prices).
  const priceDecimals = seriesDecimals(adapter.surface.priceSeries, 2);
  const values = readout.valuesAt(time ?? Number.POSITIVE_INFINITY);
  const shownById = new Map(drawn.map((item, i) => [item.indicator.id, { item, values: values[i] ?? [] }]));
  const ownPanes = drawn.filter((item) => item.indicator.pane.kind === 'own').map((item) => item.indicator.id);

  const replace = (id: string, next: IndicatorInstance | undefined): void => {
    onChange(list.flatMap((instance) => (instance.id !== id ? [instance] : next ? [next] : [])));
  };

  const overPrice: ReactNode[] = [];
  const inPanes = new Map<HTMLElement, ReactNode[]>();
  for (const instance of list) {
    const shown = shownById.get(instance.id);
    // A kind whose code is still loading has nothing to show yet.
    if (!shown && !instance.hidden) continue;
    const title = legendTitle(instance);
    const own = ownPanes.indexOf(instance.id);
    const row = (
      <LegendRow
        key={instance.id}
        title={title}
        values={
          shown
            ? legendValues(
                shown.item.indicator,
                shown.values,
                palette,
                shown.item.series[0] ? seriesDecimals(shown.item.series[0], priceDecimals) : priceDecimals,
              )
            : []
        }
        hidden={instance.hidden === true}
        onToggle={() => {
          const { hidden: _wasHidden, ...rest } = instance;
          replace(instance.id, instance.hidden ? rest : { ...rest, hidden: true });
        }}
        onSettings={() => {
          setEditing(editing === instance.id ? undefined : instance.id);
        }}
        onRemove={() => {
          replace(instance.id, undefined);
        }}
        {...(own >= 0 && {
          pane: {
            ...(own > 0 && {
              onUp: () => {
                onChange(movedInList(list, instance.id, ownPanes[own - 1] as string));
              },
            }),
            ...(own < ownPanes.length - 1 && {
              onDown: () => {
                onChange(movedInList(list, instance.id, ownPanes[own + 1] as string));
              },
            }),
            maximised: maximise.maximised === instance.id,
            onMaximise: () => {
              maximise.toggle(instance.id);
            },
          },
        })}
      />
    );
    const cell = shown && shown.item.pane !== 0 ? cells.get(instance.id) : undefined;
    if (shown && shown.item.pane !== 0) {
      // Until the library has laid its pane out, the row waits for its cell.
      if (cell) inPanes.set(cell, [...(inPanes.get(cell) ?? []), row]);
    } else overPrice.push(row);
  }

  const edited = list.find((instance) => instance.id === editing);
  const editedShown = edited && shownById.get(edited.id);
  return (
    <>
      {overPrice.length > 0 && (
        <ul aria-label={t('Indicators over the price')} className="flex flex-col text-xs" data-testid="indicator-legends">
          {overPrice}
        </ul>
      )}
      {[...inPanes].map(([cell, rows], i) =>
        createPortal(
          <ul
            aria-label={t('Indicators in this pane')}
            className="pointer-events-none absolute top-1 left-2 z-10 flex max-w-[calc(100%-1rem)] flex-col text-xs"
            data-testid="indicator-pane-legends"
          >
            {rows}
          </ul>,
          cell,
          String(i),
        ),
      )}
      {edited && (
        <div
          role="dialog"
          aria-label={t('Settings of {name}', { name: legendTitle(edited) })}
          className="pointer-events-auto mt-1 rounded border border-slate-300 bg-white px-2 text-xs shadow-lg dark:border-slate-600 dark:bg-slate-900"
        >
          <ul>
            <IndicatorInstanceEditor
              instance={edited}
              shown={editedShown?.item.indicator.outputs.map((output) => indicatorColour(palette, output.colour))}
              onChange={(next) => {
                replace(edited.id, next);
              }}
              onRemove={() => {
                setEditing(undefined);
                replace(edited.id, undefined);
              }}
            />
          </ul>
          <button
            type="button"
            onClick={() => {
              setEditing(undefined);
            }}
            className="mb-1 rounded border border-slate-300 px-2 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {t('Close')}
          </button>
        </div>
      )}
    </>
  );
}

interface LegendRowProps {
  title: string;
  values: readonly { text: string; colour: string }[];
  hidden: boolean;
  onToggle: () => void;
  onSettings: () => void;
  onRemove: () => void;
  /** For an indicator in a pane of its own: moving the pane (where it can go) and maximising it. */
  pane?: { onUp?: () => void; onDown?: () => void; maximised: boolean; onMaximise: () => void };
}

const BUTTON =
  'pointer-events-auto rounded px-0.5 leading-none text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-100';

function LegendRow({ title, values, hidden, onToggle, onSettings, onRemove, pane }: LegendRowProps) {
  const button = (label: string, symbol: string, onClick: () => void, pressed?: boolean) => (
    <button type="button" aria-label={label} title={label} aria-pressed={pressed} onClick={onClick} className={BUTTON}>
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
  return (
    <li className="legend-row flex flex-wrap items-center gap-x-2" data-testid="indicator-legend" data-hidden={hidden || undefined}>
      {/* Focusable by a press (not by Tab): in a small chart the row's buttons show while it has focus (layout.css). */}
      <span
        tabIndex={-1}
        className={`legend-name rounded bg-white/70 px-0.5 outline-none dark:bg-slate-900/70 ${hidden ? 'text-slate-400 line-through dark:text-slate-500' : 'text-slate-600 dark:text-slate-300'}`}
        data-testid="indicator-legend-title"
      >
        {title}
      </span>
      {values.length > 0 && (
        <span aria-hidden="true" className="legend-dot">
          ·
        </span>
      )}
      {values.map(({ text, colour }, i) => (
        <span key={i} className="tabular-nums" style={{ color: colour }} data-testid="indicator-legend-value">
          {text}
        </span>
      ))}
      <span className="legend-actions flex items-center gap-0.5">
        {button(hidden ? t('Show {name}', { name: title }) : t('Hide {name}', { name: title }), hidden ? '◌' : '◉', onToggle)}
        {button(t('Settings of {name}', { name: title }), '⚙', onSettings)}
        {pane?.onUp && button(t('Move {name} up', { name: title }), '▲', pane.onUp)}
        {pane?.onDown && button(t('Move {name} down', { name: title }), '▼', pane.onDown)}
        {pane &&
          button(
            pane.maximised ? t('Restore {name}', { name: title }) : t('Maximise {name}', { name: title }),
            pane.maximised ? '⤡' : '⤢',
            pane.onMaximise,
            pane.maximised,
          )}
        {button(t('Remove {name}', { name: title }), '×', onRemove)}
      </span>
    </li>
  );
}
