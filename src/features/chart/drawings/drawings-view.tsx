/**
 * A symbol's drawings on a chart of a layout that is not the active one: painted through that
 * chart's own surface, as the active chart paints them, but not editable there (a press on the
 * chart makes it the active one, where the drawing tools are). Loaded with the layouts.
 */
import { useEffect, useMemo } from 'react';
import { useDrawingsStore, drawingsOf } from './drawings-store';
import { priceMapping } from './adjust-inverse';
import { DrawingPrimitive } from './drawing-primitive';
import { reportPlaced, shownOf, THEME_COLORS, type DrawingLayerProps } from './drawing-layer';
import type { ChartSurface } from '../chart-surface';

export interface DrawingsViewProps extends DrawingLayerProps {
  surface: ChartSurface;
}

export function DrawingsView({ surface, symbol, exFactors, adjust, adjustedLocally, theme, decimals }: DrawingsViewProps) {
  const drawings = useDrawingsStore((state) => drawingsOf(state, symbol));
  const hidden = useDrawingsStore((state) => state.hidden);
  const mapping = useMemo(() => priceMapping(exFactors, adjust, adjustedLocally), [exFactors, adjust, adjustedLocally]);
  // Made per surface (its constructor touches nothing); attached while mounted.
  const primitive = useMemo(
    () =>
      new DrawingPrimitive(surface, (placed) => {
        reportPlaced(surface.element, placed);
      }),
    [surface],
  );

  useEffect(() => {
    surface.priceSeries.attachPrimitive(primitive);
    return () => {
      surface.priceSeries.detachPrimitive(primitive);
      reportPlaced(surface.element, undefined);
    };
  }, [surface, primitive]);
  useEffect(() => {
    primitive.setDrawings(drawings.map((drawing) => shownOf(drawing, mapping)));
  }, [primitive, drawings, mapping]);
  useEffect(() => {
    primitive.setHidden(hidden);
  }, [primitive, hidden]);
  useEffect(() => {
    primitive.setStyle(THEME_COLORS[theme], decimals);
  }, [primitive, theme, decimals]);
  return null;
}
