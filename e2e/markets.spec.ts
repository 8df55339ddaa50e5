/** The sessions panel's live status, computed in each market's zone at the simulator's clock. */
import { expect, test } from './fixtures.ts';
import { resetSimulator, setClock } from './sim-control.ts';

test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

const cases: Array<{ at: string; expected: Record<'US' | 'HK' | 'CN', string> }> = [
  // Chung Yeung (HK holiday), lunch in Shanghai, New York overnight.
  { at: '2026-10-19T04:00:00Z', expected: { HK: 'holiday', CN: 'lunch', US: 'overnight' } },
  // Thanksgiving in New York while Hong Kong and Shanghai trade.
  { at: '2026-11-26T06:00:00Z', expected: { US: 'holiday', HK: 'open', CN: 'open' } },
  // Hong Kong and Shanghai at lunch, New York in its overnight session.
  { at: '2026-11-25T04:30:00Z', expected: { HK: 'lunch', CN: 'lunch', US: 'overnight' } },
  // A Saturday everywhere.
  { at: '2026-11-28T15:00:00Z', expected: { HK: 'weekend', CN: 'weekend', US: 'weekend' } },
];

for (const { at, expected } of cases) {
  test(`market status at ${at}`, async ({ page, request }) => {
    await setClock(request, at, true);
    await page.goto('/?symbol=700.HK');
    for (const [market, phase] of Object.entries(expected)) {
      await expect(page.getByTestId(`status-${market}`)).toHaveAttribute('data-phase', phase, { timeout: 15_000 });
    }
    if (expected.US === 'holiday') {
      await expect(page.getByTestId('status-US')).toHaveText('Closed — holiday');
      const november = page.getByTestId('calendar-US');
      await expect(november.locator('[data-ymd="20261126"]')).toHaveAttribute('data-kind', 'holiday');
      await expect(november.locator('[data-ymd="20261127"]')).toHaveAttribute('data-kind', 'half');
    }
  });
}
