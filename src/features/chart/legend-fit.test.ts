import type { IChartApi } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { fitLegendToPanes } from './legend-fit';

/** A chart whose time scale (the panes' width) is `width` px, and a resize that tells its listeners. */
function fakeChart(width: number) {
  const listeners = new Set<() => void>();
  const scale = {
    width: () => width,
    subscribeSizeChange: (handler: () => void) => listeners.add(handler),
    unsubscribeSizeChange: (handler: () => void) => listeners.delete(handler),
  };
  return {
    chart: { timeScale: () => scale } as unknown as IChartApi,
    resize(next: number) {
      width = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('fitLegendToPanes', () => {
  it('holds the legend to the panes, left of the price axis, as the axis or the chart changes width', () => {
    const fake = fakeChart(600);
    const box = { style: { maxWidth: '' } } as HTMLElement;
    const undo = fitLegendToPanes(fake, box);
    expect(box.style.maxWidth).toBe('588px');
    fake.resize(540);
    expect(box.style.maxWidth).toBe('528px');
    undo();
    expect(box.style.maxWidth).toBe('');
    expect(fake.listeners.size).toBe(0);
  });

  it('leaves the box alone while the chart has no size yet', () => {
    const box = { style: { maxWidth: '' } } as HTMLElement;
    fitLegendToPanes(fakeChart(0), box);
    expect(box.style.maxWidth).toBe('');
  });
});
