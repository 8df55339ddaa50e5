/**
 * Rate limits are respected: after a 3001 with Retry-After, no request of the dashboard reaches
 * the simulator inside the window (checked from the simulator's own log), the status bar says it
 * waits, and the panels come back when the limit lifts.
 */
import { expect, test, withoutRealtime } from './fixtures.ts';
import { clearFaults, getLimits, resetSimulator, setFaults } from './sim-control.ts';
import { busiestMinute, checkRateLimits, IN_FLIGHT_MS, recordReceivedLimits, SimLogCollector, simClockOffset, type SimLogEntry } from './sim-log.ts';
const RETRY_AFTER_SECONDS = 3;

test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

/** Groups 3001 answers that arrived close together: one group per closing of the gate. */
function limitBursts(entries: readonly SimLogEntry[]): number[] {
  const starts: number[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const entry of [...entries].sort((a, b) => a.at - b.at)) {
    if (entry.code !== 3001) continue;
    if (entry.at - previous > 1_000) starts.push(entry.at);
    previous = entry.at;
  }
  return starts;
}

test('after a 3001 the dashboard sends nothing until its Retry-After has passed, then resumes', async ({ page, request }) => {
  const received = recordReceivedLimits(page, await simClockOffset(request));
  // Several pollers at once: ticker batch (3 s), trades (3 s).
  // On HTTP polling (the socket would carry tickers and trades past the injected 3001s).
  await withoutRealtime(page);
  await page.goto('/?symbol=700.HK&tab=trades');
  await expect(page.getByTestId('trade-row').first()).toBeVisible({ timeout: 15_000 });
  const log = new SimLogCollector(request);
  await log.start();
  await setFaults(request, { errorRate: 1, errorCodes: [3001], retryAfterSeconds: RETRY_AFTER_SECONDS });
  await expect(page.getByTestId('status-rate-limit')).toContainText('Rate limited — waiting', { timeout: 10_000 });

  // The gate closes, opens after 3 s, everything pending goes out, meets 3001 again, and so on.
  await expect
    .poll(
      async () => {
        await log.poll();
        return limitBursts(log.entries()).length;
      },
      { timeout: 25_000, intervals: [500] },
    )
    .toBeGreaterThanOrEqual(3);
  await clearFaults(request);
  await log.poll();

  const entries = log.entries();
  const report = checkRateLimits(entries, received, { inFlightMs: IN_FLIGHT_MS, answerDelayMs: 0 });
  console.log(
    `rate limit: ${String(entries.length)} requests, ${String(report.logged)} answered 3001 (${String(report.delivered)} reached the page), ` +
      `${String(report.inFlight)} already in flight (latest ${String(report.maxInFlightMs)} ms after the answer), ${String(report.violations.length)} inside a window`,
  );
  expect(report.violations).toEqual([]);
  expect(report.delivered).toBeGreaterThanOrEqual(3);
  expect(received.every((limit) => limit.retryAfterMs === RETRY_AFTER_SECONDS * 1000)).toBe(true);
  // Every 3001 here is injected: the simulator's own limit was never in reach.
  expect(busiestMinute(entries)).toBeLessThan((await getLimits(request)).ratePerMinute);

  // Once the limit lifts, the panels come back by themselves.
  await expect(page.getByTestId('status-rate-limit')).toHaveText('Rate limit: OK', { timeout: 20_000 });
  await expect(page.getByRole('tabpanel').getByRole('alert')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('trade-row').first()).toBeVisible();
});
