/**
 * Alerts on the main chart: each armed alert of the charted instrument is a dashed line with its
 * level (alert-line-primitive.ts); a crossing alert's line can be dragged to a new
 * level; and an "Alert here" button follows the crosshair's price at the pane's right edge.
 *
 * Alert levels are raw live prices. Under no adjustment or forward adjustment the chart's latest
 * prices are the raw ones (forward adjustment changes only earlier prices), so the lines are
 * drawn at their levels. Under backward adjustment the latest prices are scaled, so the lines
 * are hidden with a note rather than drawn at a misleading place.
 */
import { t } from '../../i18n/t';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MouseEventParams } from 'lightweight-charts';
import type { ProductType } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import { BellIcon } from '../../components/ui/bell-icon';
import { roundToPriceStep, useMainChartSurface, type ChartSurface } from '../chart/chart-surface';
import { useAppStore } from '../../store/app-store';
import { targetsOf, type Alert } from '#shared/alerts/alert-model.ts';
import { dayReferenceOf } from '#shared/alerts/day-reference.ts';
import { useTickerSnapshot } from '../../queries/use-ticker';
import { AlertLinePrimitive, type AlertLine } from './alert-line-primitive';
import { priceText } from './alert-text';
import { useAlertsStore } from './alerts-store';
import { openAlertDialog } from './dialog-state';

const LINE_COLOR = '#f59e0b';
/** How near (px) to a line a press starts dragging it. */
const GRAB_PX = 5;

function sameInstrument(alert: Alert, symbol: string, type: string | undefined): boolean {
  return normalizeSymbol(alert.symbol) === normalizeSymbol(symbol) && (alert.type === undefined || type === undefined || alert.type === type);
}

/** `dayReference`: the previous close a day move's levels are measured from (none: no day move lines). */
export function wantedLines(alerts: readonly Alert[], symbol: string, type: string | undefined, dayReference?: number): AlertLine[] {
  const lines: AlertLine[] = [];
  for (const alert of alerts) {
    if (alert.status !== 'armed' || !sameInstrument(alert, symbol, type)) continue;
    // An indicator alert has no level (targetsOf): it draws no line.
    const { condition } = alert;
    targetsOf(alert, dayReference).forEach((target, index) => {
      const arrow = target.direction === 'up' ? '↑' : target.direction === 'down' ? '↓' : '↕';
      const title =
        condition.kind === 'move' || condition.kind === 'dayMove' ? `${t('Alert')} ${arrow} ${priceText(condition.percent)}%` : `${t('Alert')} ${arrow}`;
      lines.push({
        key: `${alert.id}|${String(index)}`,
        alertId: alert.id,
        price: target.level,
        title,
        color: LINE_COLOR,
        draggable: condition.kind === 'cross',
      });
    });
  }
  return lines;
}

function LinesWithDayReference({
  surface,
  alerts,
  symbol,
  type,
}: {
  surface: ChartSurface;
  alerts: readonly Alert[];
  symbol: string;
  type: ProductType | undefined;
}) {
  const snapshot = useTickerSnapshot(symbol, type).query.data;
  const dayReference = snapshot && dayReferenceOf(snapshot, symbol, type)?.price;
  return <Lines surface={surface} wanted={wantedLines(alerts, symbol, type, dayReference)} />;
}

/** How long the bell stays once the crosshair has left the pane (ms), by mouse and by touch. */
const POINTER_HIDE_MS = 200;
const TOUCH_HIDE_MS = 4_000;

export function AlertLines() {
  const surface = useMainChartSurface();
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const adjust = useAppStore((state) => state.workspace.adjust);
  const alerts = useAlertsStore((state) => state.alerts);
  const hidden = adjust === 'backward';
  // A day move's lines sit at the previous close ± N %: the ticker's snapshot tells it, read only
  // while such an alert is armed on this symbol.
  const dayMoves = alerts.some((alert) => alert.condition.kind === 'dayMove' && alert.status === 'armed' && sameInstrument(alert, symbol, type));
  if (!surface) return null;
  const host = surface.element.parentElement;
  return (
    <>
      {dayMoves && !hidden ? (
        <LinesWithDayReference surface={surface} alerts={alerts} symbol={symbol} type={type} />
      ) : (
        <Lines surface={surface} wanted={hidden ? [] : wantedLines(alerts, symbol, type)} />
      )}
      {host &&
        createPortal(
          <>
            {hidden && alerts.some((alert) => alert.status === 'armed' && sameInstrument(alert, symbol, type)) && (
              <p className="pointer-events-none absolute bottom-9 left-2 z-10 rounded bg-white/80 px-1 text-xs text-amber-700 dark:bg-slate-900/80 dark:text-amber-300">
                Alert lines are hidden under backward adjustment: their levels are live prices.
              </p>
            )}
            <AlertHere surface={surface} symbol={symbol} type={type} adjustHidden={hidden} />
          </>,
          host,
        )}
    </>
  );
}

function Lines({ surface, wanted }: { surface: ChartSurface; wanted: AlertLine[] }) {
  const primitive = useMemo(() => new AlertLinePrimitive(surface), [surface]);
  const dragging = useRef(false);

  // One primitive per chart: a new chart (surface) gets its own.
  useEffect(() => {
    surface.priceSeries.attachPrimitive(primitive);
    return () => {
      try {
        surface.priceSeries.detachPrimitive(primitive);
      } catch {
        // The chart is already destroyed.
      }
    };
  }, [surface, primitive]);

  useEffect(() => {
    primitive.setLines(wanted);
  });

  useEffect(() => {
    const element = surface.element;
    const yOf = (event: PointerEvent) => event.clientY - element.getBoundingClientRect().top;

    const onHover = (event: PointerEvent) => {
      if (dragging.current) return;
      element.style.cursor = primitive.draggableNear(yOf(event), GRAB_PX) ? 'ns-resize' : '';
    };
    const onDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      const grabbed = primitive.draggableNear(yOf(event), GRAB_PX);
      if (!grabbed) return;
      // The chart must not pan while a line moves: it never sees this press.
      event.preventDefault();
      event.stopPropagation();
      dragging.current = true;
      surface.chart.applyOptions({ handleScroll: false, handleScale: false });
      let price = grabbed.price;
      const move = (moveEvent: PointerEvent) => {
        const next = surface.priceSeries.coordinateToPrice(yOf(moveEvent));
        if (next === null || !(next > 0)) return;
        price = roundToPriceStep(next, surface);
        primitive.drag(grabbed.key, price);
      };
      const end = () => {
        window.removeEventListener('pointermove', move, true);
        window.removeEventListener('pointerup', end, true);
        window.removeEventListener('pointercancel', end, true);
        surface.chart.applyOptions({ handleScroll: true, handleScale: true });
        dragging.current = false;
        primitive.release();
        useAlertsStore.getState().setLevel(grabbed.alertId, price);
      };
      window.addEventListener('pointermove', move, true);
      window.addEventListener('pointerup', end, true);
      window.addEventListener('pointercancel', end, true);
    };
    element.addEventListener('pointermove', onHover);
    element.addEventListener('pointerdown', onDown, true);
    return () => {
      element.removeEventListener('pointermove', onHover);
      element.removeEventListener('pointerdown', onDown, true);
    };
  }, [surface, primitive]);

  return null;
}

interface HerePoint {
  y: number;
  price: number;
  paneHeight: number;
}

/** Half the height of the crosshair's price label on the axis, and the bell's size, in px. */
const LABEL_HALF = 11;
const BELL = 20;

/** The bell's top: under the crosshair's price label (whose digits it would cover), above it near the pane's foot. */
function bellTop({ y, paneHeight }: HerePoint): number {
  return y + LABEL_HALF + BELL <= paneHeight ? y + LABEL_HALF : y - LABEL_HALF - BELL;
}

/**
 * "Alert here": a bell on the price axis beside the crosshair's price label, kept while pointed at. On the
 * axis, not in the pane: a button following the crosshair inside the pane sat under the pointer
 * wherever it went near the last candles, and took the clicks meant for the chart (a drawing's
 * anchor, a hover's legend).
 */
function AlertHere({ surface, symbol, type, adjustHidden }: { surface: ChartSurface; symbol: string; type: Alert['type']; adjustHidden: boolean }) {
  const [point, setPoint] = useState<HerePoint | undefined>(undefined);
  const over = useRef(false);
  useEffect(() => {
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    const onMove = (param: MouseEventParams) => {
      clearTimeout(hideTimer);
      const y = param.point?.y;
      const price = y === undefined ? null : surface.priceSeries.coordinateToPrice(y);
      if (y === undefined || price === null || !(price > 0) || param.paneIndex !== 0) {
        // Leaving the pane towards the button must not hide it; a finger lifted after a long press
        // needs longer to reach the bell than a mouse gliding to it.
        hideTimer = setTimeout(
          () => {
            if (!over.current) setPoint(undefined);
          },
          matchMedia('(pointer: coarse)').matches ? TOUCH_HIDE_MS : POINTER_HIDE_MS,
        );
        return;
      }
      setPoint({ y, price: roundToPriceStep(price, surface), paneHeight: surface.chart.paneSize(0).height });
    };
    surface.chart.subscribeCrosshairMove(onMove);
    return () => {
      clearTimeout(hideTimer);
      surface.chart.unsubscribeCrosshairMove(onMove);
    };
  }, [surface]);
  if (!point || adjustHidden) return null;
  return (
    <button
      type="button"
      data-testid="alert-here"
      title={t('Set an alert at {price}', { price: priceText(point.price) })}
      aria-label={t('Alert here: {price}', { price: priceText(point.price) })}
      style={{ top: bellTop(point), right: 2 }}
      onPointerEnter={() => {
        over.current = true;
      }}
      onPointerLeave={(event) => {
        over.current = false;
        // A finger's tap leaves the button between its pointerup and its click: only a mouse that
        // moved away hides the bell (a touch bell hides on its click or its timer).
        if (event.pointerType === 'mouse') setPoint(undefined);
      }}
      onClick={() => {
        openAlertDialog({ symbol, ...(type && { type }), level: point.price });
        over.current = false;
        setPoint(undefined);
      }}
      className="absolute z-20 grid size-5 place-items-center rounded border border-amber-500/60 bg-white/90 text-amber-700 shadow-sm hover:bg-amber-50 dark:bg-slate-900/90 dark:text-amber-300 dark:hover:bg-slate-800"
    >
      <BellIcon className="size-3" />
    </button>
  );
}
