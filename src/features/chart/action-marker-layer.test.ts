import { describe, expect, it, vi } from 'vitest';
import type { IChartApi } from 'lightweight-charts';
import { createActionMarkerLayer } from './action-marker-layer';
import type { ActionMarker } from './corporate-actions';

const chart = { timeScale: () => ({ timeToCoordinate: () => 100 }), options: () => ({ layout: { fontFamily: 'sans' } }) } as unknown as IChartApi;
const dividend = { time: 1_000, letter: 'D', events: [] } as unknown as ActionMarker;

describe('createActionMarkerLayer', () => {
  it('asks for no repaint of a chart without badges (none before, none now, a colour change), and one when badges come or go', () => {
    const reports: unknown[] = [];
    const layer = createActionMarkerLayer(chart, (badges) => reports.push(badges));
    const requestUpdate = vi.fn();
    layer.primitive.attached?.({ requestUpdate } as never);
    layer.setColors('#f59e0b', '#0f172a');
    layer.setMarkers([]);
    expect(requestUpdate).not.toHaveBeenCalled();
    // The empty set is still reported, for the tools that read the chart's badges.
    expect(reports).toEqual([[]]);
    layer.setMarkers([dividend]);
    expect(requestUpdate).toHaveBeenCalledTimes(1);
    layer.setColors('#000', '#fff');
    expect(requestUpdate).toHaveBeenCalledTimes(2);
    layer.setMarkers([]);
    expect(requestUpdate).toHaveBeenCalledTimes(3);
  });
});
