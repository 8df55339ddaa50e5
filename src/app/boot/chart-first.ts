/**
 * Chart first: on the chart tab of a wide screen, the boot draws the first history page with the
 * chart library alone (src/features/chart/early-chart.ts) in a frame where the chart panel's
 * canvas will be (chart-frame.ts), and lets the app evaluate only after those candles have been
 * painted, or after WAIT_MS, whichever comes first: the app's evaluation and first render are a
 * long task that would otherwise hold the candles back. The app then takes the chart over.
 */
import { isStockInstrument } from '#shared/symbols.ts';
import type { AppServices } from '../../queries/app-services';
import { workspaceHistoryParams } from '../../queries/prefetch-workspace';
import { useAppStore } from '../../store/app-store';
import type { Workspace } from '../../store/workspace-slice';
import { predictChartFrame } from './chart-frame';

/** Longest the app waits for the early candles (a slow first page must not hold the whole screen). */
export const WAIT_MS = 400;

const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/** Resolves when the app may start: the early candles painted, nothing to draw, or WAIT_MS passed. */
export function drawChartFirst(services: AppServices, workspace: Workspace): Promise<void> {
  const toolbar = { adjustToggle: isStockInstrument(workspace.symbol, workspace.type) };
  const rect = workspace.tab === 'chart' ? predictChartFrame(window.innerWidth, window.innerHeight, toolbar) : undefined;
  if (!rect) return Promise.resolve();
  const frame = document.createElement('div');
  frame.dataset.testid = 'early-chart';
  frame.style.cssText = `position:fixed;left:${String(rect.left)}px;top:${String(rect.top)}px;width:${String(rect.width)}px;height:${String(rect.height)}px`;
  document.body.append(frame);
  const { theme, colors, scale, indicators } = useAppStore.getState().preferences;
  const drawn = import('../../features/chart/early-chart')
    .then(({ drawEarlyChart }) =>
      drawEarlyChart(services, frame, {
        history: workspaceHistoryParams(workspace),
        type: workspace.type,
        zone: workspace.zone,
        preferences: { theme, colors, scale, indicators },
      }),
    )
    .then((painted) => (painted ? afterNextPaint() : undefined))
    .catch(() => {
      // The chart chunk failed to load: the app will draw the chart itself.
      frame.remove();
    });
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, WAIT_MS))]);
}
