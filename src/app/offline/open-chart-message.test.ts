// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chartMomentRequest } from '../../features/chart/chart-moment';
import { setLayoutKind } from '../../store/layout-changes';
import { useAppStore } from '../../store/app-store';
import { OPEN_CHART_MESSAGE } from '../../sw/worker-protocol';
import { answerOpenChart, showChartOf } from './open-chart-message';

const initial = useAppStore.getState();
const ORIGIN = 'https://chartroom.example';

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
  chartMomentRequest.set(undefined);
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

  it('asks the active chart for the link’s moment on the series it now shows', () => {
    showChartOf('/?symbol=NVDA.US&interval=1h&at=2026-11-20T14:30:00Z', ORIGIN);
    expect(chartMomentRequest.get()).toEqual({ dataset: 'NVDA.US||1h', time: Date.parse('2026-11-20T14:30:00Z') });
    // A price alert's link names no interval: the moment is on the chart's own.
    useAppStore.getState().setInterval('1w');
    showChartOf('/?symbol=MSFT.US&at=1795168800000', ORIGIN);
    expect(chartMomentRequest.get()).toEqual({ dataset: 'MSFT.US||1w', time: 1_795_168_800_000 });
  });

  it('opens the chart of a link with a bad moment, which the notice names', () => {
    showChartOf('/?symbol=NVDA.US&at=soon', ORIGIN);
    expect(useAppStore.getState().workspace.symbol).toBe('NVDA.US');
    expect(chartMomentRequest.get()).toBeUndefined();
    const [notice] = useAppStore.getState().notices;
    expect(typeof notice?.text === 'function' && notice.text()).toBe('Ignored at “soon” in the link; showing defaults instead.');
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
