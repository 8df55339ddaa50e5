/**
 * Paper trading against the real server on the simulator (issue 35 §2): on live (simulated) data,
 * buy 1,000 700.HK at market (ten board lots of 100), then sell them at a limit that the moved
 * clock crosses; the position, the trade log, the statistics and the CSV equal the hand
 * computation from the fill prices, the board lot and the fees (0.03 %, at least 3 HKD a side).
 * The crossing is deterministic: the simulator's price is a function of its clock, so the journey
 * freezes the clock on an HK trading morning, finds a later instant whose price is above a limit
 * one step over the price now, and moves the clock there.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { hkSpreadTick } from '#shared/hk-spread-table.ts';
import { roundToTick } from '#shared/paper/paper-model.ts';
import { expect, test } from './fixtures.ts';
import { iso, priceAt } from './price-rise.ts';
import { resetSimulator, setClock } from './sim-control.ts';

const SYMBOL = '700.HK';
/** Wednesday 25 November 2026, 10:30 in Hong Kong: the morning session. */
const T0 = Date.parse('2026-11-25T02:30:00Z');
const SHOTS = '/tmp/pw-paper/shots';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

/** Cents, as a broker rounds a fee. */
const cents = (value: number) => Math.round(value * 100 + 1e-7) / 100;
/** The default HK fee: 0.03 % of the value, at least 3 HKD. */
const hkFee = (value: number) => Math.max(3, cents(value * 0.0003));
const money = (value: number) => `HK$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The price now, a limit one HK spread step above it, and the first later instant (10 s steps) whose price reaches it. */
async function findCrossing(request: APIRequestContext): Promise<{ p0: number; limit: number; t1: number; p1: number }> {
  const p0 = await priceAt(request, SYMBOL, T0);
  const limit = roundToTick(SYMBOL, 'stock', p0 + hkSpreadTick(p0), 'up');
  for (let step = 1; step <= 360; step += 1) {
    const t1 = T0 + step * 10_000;
    const p1 = await priceAt(request, SYMBOL, t1);
    if (p1 >= limit) return { p0, limit, t1, p1 };
  }
  throw new Error(`${SYMBOL} never reached ${String(limit)} within an hour`);
}

async function typeInto(page: Page, label: string | RegExp, text: string): Promise<void> {
  const field = page.getByTestId('paper-ticket').getByLabel(label);
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text, { delay: 40 });
}

test('buy 1,000 700.HK at market, sell at a crossed limit: the P&L and the trade log equal the hand computation', async ({ page, request }) => {
  const { p0, limit, t1, p1 } = await findCrossing(request);
  await setClock(request, iso(T0), true);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/?symbol=${SYMBOL}&interval=1d`);
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Paper trading' }).click();
  const panel = page.getByTestId('paper-panel');
  await expect(panel).toBeVisible();
  const ticket = page.getByTestId('paper-ticket');
  // The board lot comes from the stock information; the price from the feed, frozen at T0.
  await expect(ticket.getByLabel('Lots of 100')).toBeVisible();
  await expect(page.getByTestId('paper-last')).toHaveText(p0.toLocaleString('en-US', { minimumFractionDigits: 2 }));

  // Bad values are explained and kept as typed.
  await typeInto(page, 'Lots of 100', '2.5');
  await ticket.getByRole('button', { name: `Buy ${SYMBOL}` }).click();
  await expect(ticket.getByRole('alert')).toHaveText('Lots must be a whole number above 0, not “2.5”.');
  await expect(ticket.getByLabel('Lots of 100')).toHaveValue('2.5');

  // Buy 10 lots (1,000 shares) at market, with the keyboard: Alt+B.
  await typeInto(page, 'Lots of 100', '10');
  await expect(ticket).toContainText('1,000 shares');
  await page.keyboard.press('Alt+KeyB');
  await expect(page.getByTestId('paper-outcome')).toHaveText(`Filled: Buy 1,000 ${SYMBOL} at ${p0.toLocaleString('en-US', { minimumFractionDigits: 2 })}.`);
  const position = page.getByTestId('paper-position-row');
  await expect(position).toHaveAttribute('data-quantity', '1000');
  // The position's average price is a line on the chart.
  const lines = page.locator('[data-paper-lines]');
  await expect(lines).toHaveAttribute('data-paper-lines', JSON.stringify([{ title: 'Long 1,000', price: p0 }]));
  // The fill is marked on the chart at its moment and price.
  const fillMarks = page.locator('[data-paper-fills]');
  await expect(fillMarks).toHaveAttribute('data-paper-fills', '1');
  await panel.screenshot({ path: `${SHOTS}/paper-position.png` });

  // Sell them at a limit one step above the price: it waits.
  await ticket.getByRole('radio', { name: 'Sell' }).click();
  await ticket.getByRole('radio', { name: 'Limit' }).click();
  await typeInto(page, 'Limit price', `${String(limit)}x`);
  await ticket.getByRole('button', { name: `Sell ${SYMBOL}` }).click();
  await expect(ticket.getByRole('alert')).toHaveText(`“${String(limit)}x” is not a price: type it like 385.2.`);
  await expect(ticket.getByLabel('Limit price')).toHaveValue(`${String(limit)}x`);
  await expect(ticket.getByLabel('Lots of 100')).toHaveValue('10');
  await typeInto(page, 'Limit price', String(limit));
  await ticket.getByRole('button', { name: `Sell ${SYMBOL}` }).click();
  await expect(page.getByTestId('paper-order-row')).toHaveCount(1);
  await expect(page.getByTestId('paper-order-row')).toContainText(`Sell 1,000 ${SYMBOL} · Limit`);
  await expect(lines).toHaveAttribute(
    'data-paper-lines',
    JSON.stringify([
      { title: 'Long 1,000', price: p0 },
      { title: 'Sell Limit 1,000', price: limit },
    ]),
  );
  await page.getByTestId('main-chart').screenshot({ path: `${SHOTS}/paper-chart-lines.png` });
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('paper-fill-row')).toHaveCount(1);

  // The clock moves to a price at or above the limit: the order fills at that price (max(limit, price)).
  await setClock(request, iso(t1), true);
  await expect(page.getByTestId('paper-fill-row')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByTestId('paper-order-row')).toHaveCount(0);
  await expect(position).toHaveCount(0);
  await expect(lines).toHaveCount(0);
  // Both fills stay marked once the position is closed; their times read on the market's clock.
  await expect(fillMarks).toHaveAttribute('data-paper-fills', '2');
  await page.getByTestId('main-chart').screenshot({ path: `${SHOTS}/paper-chart-fills.png` });
  await expect(page.getByTestId('paper-fill-time').first()).toHaveText(/^\d{2}-\d{2} \d{2}:\d{2}:\d{2} · Limit$/);

  // The hand computation.
  const sellPrice = Math.max(limit, p1);
  const buyFee = hkFee(1_000 * p0);
  const sellFee = hkFee(1_000 * sellPrice);
  const pnl = cents((sellPrice - p0) * 1_000 - buyFee - sellFee);
  const cash = cents(1_000_000 - 1_000 * p0 - buyFee + 1_000 * sellPrice - sellFee);
  const [sell, buy] = await page.getByTestId('paper-fill-row').all();
  if (!sell || !buy) throw new Error('two fills expected');
  await expect(buy).toHaveAttribute('data-side', 'buy');
  await expect(buy).toHaveAttribute('data-price', String(p0));
  await expect(buy).toHaveAttribute('data-fee', String(buyFee));
  await expect(buy).toHaveAttribute('data-pnl', '');
  await expect(sell).toHaveAttribute('data-side', 'sell');
  await expect(sell).toHaveAttribute('data-price', String(sellPrice));
  await expect(sell).toHaveAttribute('data-fee', String(sellFee));
  await expect(sell).toHaveAttribute('data-pnl', String(pnl));
  const stats = page.getByTestId('paper-stats');
  await expect(stats.locator('[data-stat="Realized P&L"]')).toHaveText(`${pnl > 0 ? '+' : '−'}${money(Math.abs(pnl))}`);
  await expect(stats.locator('[data-stat="Cash"]')).toHaveText(money(cash));
  await expect(stats.locator('[data-stat="Equity"]')).toHaveText(money(cash));
  await expect(stats.locator('[data-stat="Fees"]')).toHaveText(money(buyFee + sellFee));
  await expect(stats.locator('[data-stat="Trades"]')).toHaveText('1');
  await expect(stats.locator('[data-stat="Win rate"]')).toHaveText(pnl > 0 ? '100.0%' : '0.0%');

  await panel.screenshot({ path: `${SHOTS}/paper-panel.png` });
  await panel.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await panel.screenshot({ path: `${SHOTS}/paper-log.png` });

  // The trade log as CSV: the same fills and P&L.
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(csv[0]).toBe('time,symbol,type,side,order,quantity,price,currency,fee,closed quantity,P&L,position after,average after,cash after,equity after');
  expect(csv[1]).toContain(`,${SYMBOL},`);
  expect(csv[1]?.split(',').slice(3, 12)).toEqual(['buy', 'market', '1000', String(p0), 'HKD', String(buyFee), '', '', '1000']);
  expect(csv[2]?.split(',').slice(3, 12)).toEqual(['sell', 'limit', '1000', String(sellPrice), 'HKD', String(sellFee), '1000', String(pnl), '0']);
  expect(csv[2]?.split(',')[13]).toBe(String(cash));

  // The account survives a reload (a workspace record, kept in this browser).
  await page.reload();
  await page.getByRole('tab', { name: 'Paper trading' }).click();
  await expect(page.getByTestId('paper-fill-row')).toHaveCount(2);
  await expect(page.getByTestId('paper-stats').locator('[data-stat="Realized P&L"]')).toHaveText(`${pnl > 0 ? '+' : '−'}${money(Math.abs(pnl))}`);
  expect(errors).toEqual([]);
});

test('a market order placed while the market is closed is not filled at the stale price: it waits, and fills at the first price after the open', async ({
  page,
  request,
}) => {
  // Saturday 28 November 2026, noon in Hong Kong; the market opens Monday 30 November at 09:30 (01:30 UTC).
  const saturday = Date.parse('2026-11-28T04:00:00Z');
  const afterOpen = Date.parse('2026-11-30T01:31:00Z');
  const p1 = roundToTick(SYMBOL, 'stock', await priceAt(request, SYMBOL, afterOpen));
  const stale = await priceAt(request, SYMBOL, saturday);
  await setClock(request, iso(saturday), true);

  await page.goto(`/?symbol=${SYMBOL}&interval=1d`);
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Paper trading' }).click();
  const ticket = page.getByTestId('paper-ticket');
  await expect(ticket.getByLabel('Lots of 100')).toBeVisible();
  await expect(page.getByTestId('paper-last')).toHaveText(stale.toLocaleString('en-US', { minimumFractionDigits: 2 }));
  await typeInto(page, 'Lots of 100', '10');
  await ticket.getByRole('button', { name: `Buy ${SYMBOL}` }).click();

  // Not filled at Friday's close: pending, with when it fills.
  await expect(page.getByTestId('paper-outcome')).toHaveText('The market is closed: the order waits and fills at the first price after the open, Mon 09:30.');
  const order = page.getByTestId('paper-order-row');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(`Buy 1,000 ${SYMBOL} · Market · fills at the open, Mon 09:30`);
  await page.waitForTimeout(2_000);
  await expect(page.getByTestId('paper-fill-row')).toHaveCount(0);
  await expect(page.getByTestId('paper-position-row')).toHaveCount(0);

  // The market opens: the order fills at the first price after the open.
  await setClock(request, iso(afterOpen), true);
  const fill = page.getByTestId('paper-fill-row');
  await expect(fill).toHaveCount(1, { timeout: 20_000 });
  await expect(fill).toHaveAttribute('data-side', 'buy');
  await expect(fill).toHaveAttribute('data-price', String(p1));
  await expect(order).toHaveCount(0);
  await expect(page.getByTestId('paper-position-row')).toHaveAttribute('data-quantity', '1000');
  // Trading open: the next market order fills at once.
  await ticket.getByRole('radio', { name: 'Sell' }).click();
  await ticket.getByRole('button', { name: `Sell ${SYMBOL}` }).click();
  await expect(page.getByTestId('paper-outcome')).toHaveText(`Filled: Sell 1,000 ${SYMBOL} at ${p1.toLocaleString('en-US', { minimumFractionDigits: 2 })}.`);
});

test('an order sent before the board lot is in waits for it: one lot of 700.HK is 100 shares, never 1', async ({ page, request }) => {
  await setClock(request, iso(T0), true);
  const p0 = await priceAt(request, SYMBOL, T0);
  // The stock information (the board lot) slow to come, as on a busy link: the ticket is up first.
  await page.route('**/v1/market/stock-info?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  await page.goto(`/?symbol=${SYMBOL}&interval=1d`);
  await page.getByRole('tab', { name: 'Paper trading' }).click();
  const ticket = page.getByTestId('paper-ticket');
  await expect(ticket.getByLabel('Lots of …')).toBeVisible();
  await expect(page.getByTestId('paper-last')).toHaveText(p0.toLocaleString('en-US', { minimumFractionDigits: 2 }));
  await page.keyboard.press('Alt+KeyB');
  await expect(page.getByTestId('paper-outcome')).toHaveText(`Sent once the board lot of ${SYMBOL} is in…`);
  await expect(page.getByTestId('paper-outcome')).toHaveText(`Filled: Buy 100 ${SYMBOL} at ${p0.toLocaleString('en-US', { minimumFractionDigits: 2 })}.`, {
    timeout: 10_000,
  });
  await expect(ticket.getByLabel('Lots of 100')).toBeVisible();
  await expect(page.getByTestId('paper-position-row')).toHaveAttribute('data-quantity', '100');
});

/** Tuesday 24 November 2026, 10:30 in Hong Kong: a morning of the week before the simulator's now. */
const REPLAY_START = Date.parse('2026-11-24T02:30:00Z');
const REPLAY_DAY_CLOSE = Date.parse('2026-11-24T08:00:00Z');

/** The closes of the day's 1-minute bars after `from`, as the replay will play them. */
async function closesAfter(request: APIRequestContext, from: number): Promise<number[]> {
  const response = await request.get(
    `/v1/market/kline?symbol=${SYMBOL}&interval=1m&limit=1000&start_time=${String(from)}&end_time=${String(REPLAY_DAY_CLOSE)}`,
  );
  const body = (await response.json()) as { data: { klines: { close: string }[] } };
  return body.data.klines.map((kline) => Number(kline.close));
}

const shownPrice = async (page: Page): Promise<number> => Number(((await page.getByTestId('paper-last').textContent()) ?? '').replaceAll(',', ''));

test('in a replay: buy 1,000 700.HK at market, sell at a limit the replay crosses; fills at replayed prices and times, P&L by hand', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/?symbol=${SYMBOL}&interval=1m&replay=${String(REPLAY_START)}~${String(REPLAY_START)}`);
  const controls = page.getByTestId('replay-controls');
  await expect(controls).toHaveAttribute('data-instant', String(REPLAY_START), { timeout: 20_000 });
  await page.getByRole('tab', { name: 'Paper trading' }).click();
  const ticket = page.getByTestId('paper-ticket');
  await expect(ticket.getByLabel('Lots of 100')).toBeVisible();
  await expect(page.getByTestId('paper-last')).toHaveText(/\d/);
  const p0 = await shownPrice(page);

  // A limit one spread step above the replayed price; the day's bars after the start must reach it.
  const limit = roundToTick(SYMBOL, 'stock', p0 + hkSpreadTick(p0), 'up');
  const closes = await closesAfter(request, REPLAY_START);
  expect(Math.max(...closes), `${SYMBOL} reaches ${String(limit)} after the start`).toBeGreaterThanOrEqual(limit);

  await typeInto(page, 'Lots of 100', '10');
  await page.keyboard.press('Alt+KeyB');
  await expect(page.getByTestId('paper-outcome')).toHaveText(`Filled: Buy 1,000 ${SYMBOL} at ${p0.toLocaleString('en-US', { minimumFractionDigits: 2 })}.`);
  await ticket.getByRole('radio', { name: 'Sell' }).click();
  await ticket.getByRole('radio', { name: 'Limit' }).click();
  await typeInto(page, 'Limit price', String(limit));
  await ticket.getByRole('button', { name: `Sell ${SYMBOL}` }).click();
  await expect(page.getByTestId('paper-order-row')).toHaveCount(1);

  // Played at ten bars a second until the replayed price crosses the limit.
  await page.getByTestId('replay-speed').selectOption('10');
  await page.getByTestId('replay-play').click();
  await expect(page.getByTestId('paper-fill-row')).toHaveCount(2, { timeout: 60_000 });
  await page.getByTestId('replay-play').click();
  await expect(controls).toHaveAttribute('data-playing', 'false');
  const [sell, buy] = await page.getByTestId('paper-fill-row').all();
  if (!sell || !buy) throw new Error('two fills expected');
  const sellPrice = Number(await sell.getAttribute('data-price'));
  expect(sellPrice).toBeGreaterThanOrEqual(limit);
  // Filled at a price the replay played, never one past its clock.
  expect(closes).toContain(sellPrice);
  const instant = Number(await controls.getAttribute('data-instant'));
  expect(instant).toBeGreaterThan(REPLAY_START);
  expect(instant).toBeLessThanOrEqual(REPLAY_DAY_CLOSE);

  const buyFee = hkFee(1_000 * p0);
  const sellFee = hkFee(1_000 * sellPrice);
  const pnl = cents((sellPrice - p0) * 1_000 - buyFee - sellFee);
  await expect(buy).toHaveAttribute('data-price', String(p0));
  await expect(buy).toHaveAttribute('data-fee', String(buyFee));
  await expect(sell).toHaveAttribute('data-fee', String(sellFee));
  await expect(sell).toHaveAttribute('data-pnl', String(pnl));
  await expect(page.getByTestId('paper-stats').locator('[data-stat="Realized P&L"]')).toHaveText(`${pnl > 0 ? '+' : '−'}${money(Math.abs(pnl))}`);
  // The fills' times are the replay's (the morning of the 24th on the market's clock), not today's.
  await expect(page.getByTestId('paper-fill-time').last()).toHaveText(/^11-24 10:30:00 · Market$/);
  await page.getByTestId('paper-panel').screenshot({ path: `${SHOTS}/paper-in-replay.png` });
  expect(errors).toEqual([]);
});

test('Alt+S and Alt+B from the chart, the paper tab not shown and its column folded: the ticket shows with each order filled', async ({ page, request }) => {
  await setClock(request, iso(T0), true);
  const p0 = await priceAt(request, SYMBOL, T0);
  const at = p0.toLocaleString('en-US', { minimumFractionDigits: 2 });
  await page.goto(`/?symbol=${SYMBOL}&interval=1d`);
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Markets' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Hide markets and alerts' }).click();
  await expect(page.getByRole('tab', { name: 'Paper trading' })).toBeHidden();

  // Pressed over the chart: the column comes back on the paper tab, and one lot (100 shares) is sold short.
  await page.getByTestId('main-chart').click({ position: { x: 80, y: 80 } });
  await page.keyboard.press('Alt+KeyS');
  await expect(page.getByRole('tab', { name: 'Paper trading' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('paper-outcome')).toHaveText(`Filled: Sell 100 ${SYMBOL} at ${at}.`);
  await expect(page.getByTestId('paper-position-row')).toHaveAttribute('data-quantity', '-100');
  // Back on Markets, Alt+B buys it back: the position is flat, each key made one order.
  await page.getByRole('tab', { name: 'Markets' }).click();
  await page.keyboard.press('Alt+KeyB');
  await expect(page.getByTestId('paper-outcome')).toHaveText(`Filled: Buy 100 ${SYMBOL} at ${at}.`);
  await expect(page.getByTestId('paper-position-row')).toHaveCount(0);
  await expect(page.getByTestId('paper-fill-row')).toHaveCount(2);
});
