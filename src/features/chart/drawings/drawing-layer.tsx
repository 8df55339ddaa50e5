/**
 * The drawing tools over the main chart, loaded on demand after the first candle: the primitive
 * that paints the symbol's drawings, the controller for mouse and touch, the keys, the toolbar and
 * the selection's editor. Drawings are stored with raw prices and shown through the chart's
 * adjustment (adjust-inverse).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AdjustDirection, AdjustFactor } from '#shared/adjust.ts';
import { createAlert, useAlertsCanCreate } from '../../../components/alert-opener';
import { t } from '../../../i18n/t';
import { formatPrice } from '../../../lib/format';
import { useAppStore } from '../../../store/app-store';
import { roundToPriceStep, useMainChartSurface } from '../chart-surface';
import { priceMapping, type PriceMapping } from './adjust-inverse';
import { DrawingController } from './drawing-controller';
import { drawingKeyAction } from './drawing-keys';
import { DEFAULT_FIB_LEVELS, DEFAULT_STYLE, newDrawingId, type Anchor, type Drawing, type DrawingStyle, type ToolKind } from './drawing-model';
import { DrawingPrimitive, type PlacedDrawing, type ShownDrawing } from './drawing-primitive';
import { DrawingToolbar } from './drawing-toolbar';
import { drawingsOf, useDrawingsStore } from './drawings-store';
import { SelectionEditor } from './selection-editor';

export interface DrawingLayerProps {
  symbol: string;
  exFactors: readonly AdjustFactor[];
  adjust: AdjustDirection;
  /** True when the browser adjusted the candles with `exFactors` (false: unknown factors). */
  adjustedLocally: boolean;
  theme: 'dark' | 'light';
  decimals: number;
}

interface Engine {
  primitive: DrawingPrimitive;
  controller: DrawingController;
}

/** The drawings that mark one price level, and so can become a price alert. */
const TURNS_INTO_ALERT = new Set<ToolKind>(['horizontal-line', 'horizontal-ray']);

export const THEME_COLORS = {
  dark: { text: '#e2e8f0', handleFill: '#0f172a' },
  light: { text: '#0f172a', handleFill: '#ffffff' },
} as const;

/**
 * Where the drawings are, on the chart's element as `data-drawings` (anchors as shown, pane pixels
 * at the last paint): journeys and tools read it; undefined removes it.
 */
export function reportPlaced(element: HTMLElement, placed: readonly PlacedDrawing[] | undefined): void {
  if (!placed) {
    delete element.dataset.drawings;
    return;
  }
  const round = (value: number): number => Math.round(value * 10) / 10;
  element.dataset.drawings = JSON.stringify(
    placed.map(({ id, kind, anchors, points }) => ({ id, kind, anchors, points: points.map(({ x, y }) => ({ x: round(x), y: round(y) })) })),
  );
}

export function shownOf(drawing: Drawing, mapping: PriceMapping): ShownDrawing {
  return { drawing, anchors: drawing.anchors.map((anchor) => ({ time: anchor.time, price: mapping.toShown(anchor.price, anchor.time) })) };
}

export function DrawingLayer({ symbol, exFactors, adjust, adjustedLocally, theme, decimals }: DrawingLayerProps) {
  const type = useAppStore((state) => state.workspace.type);
  const surface = useMainChartSurface();
  const drawings = useDrawingsStore((state) => drawingsOf(state, symbol));
  const allHidden = useDrawingsStore((state) => state.hidden);
  const [tool, setTool] = useState<ToolKind | undefined>(undefined);
  const [magnet, setMagnet] = useState(false);
  const [style, setStyle] = useState<DrawingStyle>(DEFAULT_STYLE);
  // The selection belongs to a symbol: another symbol starts with nothing selected.
  const [selection, setSelection] = useState<{ symbol: string; id: string | undefined }>({ symbol, id: undefined });
  const selectedId = selection.symbol === symbol ? selection.id : undefined;
  /** The drawing placed last: its editor takes the keys (a note's text). */
  const [freshId, setFreshId] = useState<string | undefined>(undefined);
  const latestSymbol = useRef(symbol);
  const setSelectedId = useMemo(
    () => (id: string | undefined) => {
      setSelection({ symbol: latestSymbol.current, id });
    },
    [],
  );
  const mapping = useMemo(() => priceMapping(exFactors, adjust, adjustedLocally), [exFactors, adjust, adjustedLocally]);
  const engineRef = useRef<Engine | undefined>(undefined);

  // What the controller's callbacks read: the latest values, without recreating it.
  const latest = useRef({ symbol, mapping, style });
  useEffect(() => {
    latest.current = { symbol, mapping, style };
    latestSymbol.current = symbol;
  });

  useEffect(() => {
    if (!surface) return undefined;
    const report = (placed: PlacedDrawing[]): void => {
      reportPlaced(surface.element, placed);
    };
    const primitive = new DrawingPrimitive(surface, report);
    report([]);
    const toRaw = (anchors: readonly Anchor[]): Anchor[] =>
      anchors.map((anchor) => ({ time: anchor.time, price: latest.current.mapping.toRaw(anchor.price, anchor.time) }));
    const controller = new DrawingController(surface, primitive, {
      onCreate(kind, anchors) {
        const drawing: Drawing = {
          id: newDrawingId(),
          kind,
          anchors: toRaw(anchors),
          style: latest.current.style,
          locked: false,
          ...(kind === 'text' && { text: 'Note' }),
          ...(kind === 'fib-retracement' && { levels: [...DEFAULT_FIB_LEVELS] }),
        };
        useDrawingsStore.getState().add(latest.current.symbol, drawing);
        setTool(undefined);
        setSelectedId(drawing.id);
        setFreshId(drawing.id);
      },
      onMove(drawing, anchors) {
        useDrawingsStore.getState().replace(latest.current.symbol, { ...drawing, anchors: toRaw(anchors) });
      },
      onSelect: setSelectedId,
    });
    surface.priceSeries.attachPrimitive(primitive);
    engineRef.current = { primitive, controller };
    return () => {
      controller.destroy();
      surface.priceSeries.detachPrimitive(primitive);
      engineRef.current = undefined;
      reportPlaced(surface.element, undefined);
    };
  }, [surface, setSelectedId]);

  // The chart's candles changed (another interval, adjustment): anchors are placed anew on paint.
  useEffect(() => {
    engineRef.current?.primitive.setDrawings(drawings.map((drawing) => shownOf(drawing, mapping)));
  }, [surface, drawings, mapping]);
  useEffect(() => {
    engineRef.current?.primitive.setHidden(allHidden);
  }, [surface, allHidden]);
  useEffect(() => {
    engineRef.current?.primitive.setSelected(selectedId);
  }, [surface, selectedId]);
  useEffect(() => {
    engineRef.current?.primitive.setStyle(THEME_COLORS[theme], decimals);
  }, [surface, theme, decimals]);
  useEffect(() => {
    engineRef.current?.controller.setTool(tool);
  }, [surface, tool]);
  useEffect(() => {
    engineRef.current?.controller.setMagnet(magnet);
  }, [surface, magnet]);
  useEffect(() => {
    engineRef.current?.controller.setDraftStyle(style);
  }, [surface, style]);
  // Another symbol: no drawing half drawn carries over.
  useEffect(() => {
    engineRef.current?.controller.cancel();
  }, [symbol]);

  const selected = drawings.find((drawing) => drawing.id === selectedId);
  const alertsCanCreate = useAlertsCanCreate('level');
  const [alertNote, setAlertNote] = useState<{ id: string; text: string } | undefined>(undefined);
  const turnIntoAlert = (drawing: Drawing): void => {
    // Anchors are stored as raw prices, the scale live prices (and so alert levels) are on.
    const anchor = drawing.anchors[0]?.price;
    if (anchor === undefined || !surface) return;
    // On the instrument's price step, as an alert set at the crosshair is (an anchor may sit between ticks).
    const level = roundToPriceStep(anchor, surface);
    const made = createAlert({ symbol, ...(type && { type }), level, direction: 'either' });
    setAlertNote({ id: drawing.id, text: made.ok ? t('Alert set at {price}, either way.', { price: formatPrice(level, decimals) }) : made.message });
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const action = drawingKeyAction(event);
      if (!action) return;
      const store = useDrawingsStore.getState();
      if (action === 'cancel') {
        if (engineRef.current?.controller.cancel()) return;
        if (tool) setTool(undefined);
        else setSelectedId(undefined);
        return;
      }
      if (action === 'delete') {
        if (!selected || selected.locked) return;
        event.preventDefault();
        store.remove(symbol, selected.id);
        setSelectedId(undefined);
        return;
      }
      event.preventDefault();
      engineRef.current?.controller.cancel();
      if (action === 'undo') store.undo(symbol);
      else store.redo(symbol);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [symbol, selected, tool, setSelectedId]);

  const update = (drawing: Drawing, mergeKey?: string): void => {
    useDrawingsStore.getState().replace(symbol, drawing, mergeKey);
  };

  return (
    <>
      <DrawingToolbar
        symbol={symbol}
        drawings={drawings}
        tool={tool}
        onTool={setTool}
        magnet={magnet}
        onMagnet={setMagnet}
        allHidden={allHidden}
        style={style}
        onStyle={setStyle}
      />
      {selected && !allHidden && (
        <SelectionEditor
          drawing={selected}
          fresh={selected.id === freshId}
          onChange={(drawing, mergeKey) => {
            update(drawing, mergeKey);
            setStyle(drawing.style);
          }}
          onRemove={() => {
            useDrawingsStore.getState().remove(symbol, selected.id);
            setSelectedId(undefined);
          }}
          {...(TURNS_INTO_ALERT.has(selected.kind) &&
            alertsCanCreate && {
              onAlert: () => {
                turnIntoAlert(selected);
              },
              alertNote: alertNote?.id === selected.id ? alertNote.text : undefined,
            })}
        />
      )}
    </>
  );
}

/** Loaded by chart-panel through lazyWithPreload. */
export default DrawingLayer;
