// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLayoutKind } from '../../store/layout-changes';
import { useAppStore } from '../../store/app-store';
import { OPEN_CHART_MESSAGE } from '../../sw/worker-protocol';
import { answerOpenChart, showChartOf } from './open-chart-message';

const initial = useAppStore.getState();
const ORIGIN = 'https://chartroom.example';

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});

describe('showChartOf', () => {
  it('opens the symbol and interval of the link on the Chart tab', () => {
    useAppStore.getState().setTab('trades');
    showChartOf('/?symbol=NVDA.US&interval=1h', ORIGIN);
    const { workspace } = useAppStore.getState();
    expect(workspace).toMatchObject({ symbol: 'NVDA.US', interval: '1h', tab: 'chart' });
  });

  it('opens it on the active chart of a layout, which stays', () => {
    const store = useAppStore.getState();
    store.updateLayout((layout) => setLayoutKind(layout, '2h'));
    const before = useAppStore.getState().layout;
    showChartOf('/?symbol=700.HK&interval=1d', ORIGIN);
    const { layout, workspace } = useAppStore.getState();
    expect(layout.kind).toBe('2h');
    expect(layout.charts[layout.active]?.symbol).toBe('700.HK');
    expect(layout.charts.filter((_, index) => index !== layout.active)).toEqual(before.charts.filter((_, index) => index !== before.active));
    expect(workspace.symbol).toBe('700.HK');
  });

  it('keeps the interval when the link names none, and the symbol for a bad one', () => {
    useAppStore.getState().setInterval('1w');
    showChartOf('/?symbol=MSFT.US', ORIGIN);
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: 'MSFT.US', interval: '1w' });
    showChartOf('/?symbol=%3Cscript%3E', ORIGIN);
    expect(useAppStore.getState().workspace.symbol).toBe('MSFT.US');
  });

  it('reads no other site’s link', () => {
    showChartOf('https://evil.example/?symbol=EVIL.US', ORIGIN);
    expect(useAppStore.getState().workspace.symbol).toBe(initial.workspace.symbol);
  });
});

describe('answerOpenChart', () => {
  it('shows the chart of the worker’s message and answers on its port', async () => {
    const show = vi.fn();
    const channel = new MessageChannel();
    answerOpenChart({ data: { type: OPEN_CHART_MESSAGE, url: '/?symbol=AAPL.US' }, ports: [channel.port2] }, show);
    const answer = await new Promise<unknown>((resolve) => {
      channel.port1.onmessage = (event) => {
        resolve(event.data);
      };
    });
    channel.port1.close();
    expect(show).toHaveBeenCalledWith('/?symbol=AAPL.US');
    expect(answer).toBe(true);
  });

  it('ignores other messages', () => {
    const show = vi.fn();
    for (const data of [null, 'SKIP_WAITING', { type: OPEN_CHART_MESSAGE }, { type: 'other', url: '/' }]) answerOpenChart({ data, ports: [] }, show);
    expect(show).not.toHaveBeenCalled();
  });
});
