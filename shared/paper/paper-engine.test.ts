import { describe, expect, it } from 'vitest';
import { applyFill, checkOrder, equityOf, fillPrice, observePrice, placeOrder, type OrderRequest } from './paper-engine.ts';
import { currencyOf, feeOf, newPaperAccount, roundToTick, tickSizeOf, type PaperAccount } from './paper-model.ts';
import { paperStateSchema } from './paper-schema.ts';
import { currencyStats, markedPositions, tradeLogCsv } from './paper-stats.ts';

const T = Date.parse('2026-11-20T02:00:00Z');

function ids() {
  let n = 0;
  return (prefix: string) => {
    n += 1;
    return `${prefix}-${String(n)}`;
  };
}

function placed(account: PaperAccount, request: OrderRequest, last: number | undefined, time = T, newId = ids()) {
  const result = placeOrder(account, request, last, time, newId);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result;
}

const hk = (side: 'buy' | 'sell', kind: 'market' | 'limit' | 'stop', quantity: number, price?: number): OrderRequest => ({
  symbol: '700.HK',
  type: 'stock',
  side,
  kind,
  quantity,
  lotSize: 100,
  ...(price !== undefined && { price }),
});

describe('the hand computation: 1,000 700.HK bought at market, sold at a limit, 0.03 % min 3 HKD a side', () => {
  // Buy 1,000 at X = 385.2:   value 385,200.00; fee 385,200 × 0.0003 = 115.56 (above the 3 HKD minimum)
  //                           cash 1,000,000 − 385,200 − 115.56 = 614,684.44
  // Sell limit Y = 392.0; a price of 391.8 leaves it working; 392.4 crosses it: it fills at max(392.0, 392.4) = 392.4
  //                           value 392,400.00; fee 392,400 × 0.0003 = 117.72
  //                           cash 614,684.44 + 392,400 − 117.72 = 1,006,966.72
  // P&L (net): (392.4 − 385.2) × 1,000 − 115.56 − 117.72 = 7,200 − 233.28 = 6,966.72; return 0.696672 %.
  // Equity after the buy: 614,684.44 + 1,000 × 385.2 = 999,884.44 (the max drawdown: the buy's fee, 115.56).
  it('equals it in the position, the log, the cash and the statistics', () => {
    const newId = ids();
    let account = newPaperAccount(T);
    const buy = placed(account, hk('buy', 'market', 1_000), 385.2, T, newId);
    account = buy.account;
    expect(buy.fills).toHaveLength(1);
    expect(buy.fills[0]).toMatchObject({
      side: 'buy',
      kind: 'market',
      quantity: 1_000,
      price: 385.2,
      fee: 115.56,
      positionAfter: 1_000,
      averageAfter: 385.2,
      cashAfter: 614_684.44,
    });
    expect(buy.fills[0]?.closed).toBeUndefined();

    const sell = placed(account, hk('sell', 'limit', 1_000, 392), 385.2, T + 1_000, newId);
    expect(sell.fills).toEqual([]);
    account = sell.account;
    expect(account.orders).toHaveLength(1);

    const below = observePrice(account, '700.HK', 'stock', 391.8, T + 2_000, newId);
    expect(below.fills).toEqual([]);
    expect(below.account).toBe(account);

    const crossed = observePrice(account, '700.HK', 'stock', 392.4, T + 3_000, newId);
    account = crossed.account;
    expect(crossed.fills).toHaveLength(1);
    expect(crossed.fills[0]).toMatchObject({
      side: 'sell',
      kind: 'limit',
      quantity: 1_000,
      price: 392.4,
      fee: 117.72,
      closed: { quantity: 1_000, pnl: 6_966.72 },
      positionAfter: 0,
      cashAfter: 1_006_966.72,
      equityAfter: 1_006_966.72,
    });
    expect(account.orders).toEqual([]);
    expect(account.positions).toEqual([]);
    expect(account.cash.HKD).toBe(1_006_966.72);

    const stats = currencyStats(account, 'HKD', {});
    expect(stats).toMatchObject({
      trades: 1,
      wins: 1,
      losses: 0,
      winRate: 1,
      averageWin: 6_966.72,
      realized: 6_966.72,
      fees: 233.28,
      equity: 1_006_966.72,
      maxDrawdown: 115.56,
    });
    expect(stats.return).toBeCloseTo(0.00696672, 10);

    const csv = tradeLogCsv(account.fills).split('\r\n');
    expect(csv[0]).toBe('time,symbol,type,side,order,quantity,price,currency,fee,closed quantity,P&L,position after,average after,cash after,equity after');
    expect(csv[1]).toBe('2026-11-20T02:00:00.000Z,700.HK,stock,buy,market,1000,385.2,HKD,115.56,,,1000,385.2,614684.44,999884.44');
    expect(csv[2]).toBe('2026-11-20T02:00:03.000Z,700.HK,stock,sell,limit,1000,392.4,HKD,117.72,1000,6966.72,0,0,1006966.72,1006966.72');
    expect(csv[3]).toBe('');
  });
});

describe('fills', () => {
  it('rounds a market fill to the tick of the price (HK spread table, US cents)', () => {
    expect(tickSizeOf('700.HK', 'stock', 385.3)).toBe(0.2);
    expect(roundToTick('700.HK', 'stock', 385.3)).toBe(385.4);
    expect(roundToTick('700.HK', 'stock', 385.29)).toBe(385.2);
    expect(roundToTick('AAPL.US', 'stock', 187.456)).toBe(187.46);
    expect(roundToTick('BTCUSDT', 'crypto', 43_210.123)).toBe(43_210.123);
    const { fills } = placed(newPaperAccount(T), hk('buy', 'market', 100), 385.3);
    expect(fills[0]?.price).toBe(385.4);
  });

  it('charges the minimum fee on a small order', () => {
    const { fills } = placed(newPaperAccount(T), { symbol: '2.HK', type: 'stock', side: 'buy', kind: 'market', quantity: 500, lotSize: 500 }, 5);
    expect(fills[0]?.fee).toBe(3);
    expect(feeOf(newPaperAccount(T).settings, 'US', 1000)).toBe(1);
  });

  it('knows the currency of each market', () => {
    expect(currencyOf('700.HK', 'stock')).toBe('HKD');
    expect(currencyOf('AAPL.US', 'stock')).toBe('USD');
    expect(currencyOf('600519.SH', 'stock')).toBe('CNY');
    expect(currencyOf('AU2612', 'futures')).toBe('CNY');
    expect(currencyOf('BTCUSDT', 'crypto')).toBe('USD');
  });
});

describe('order checks', () => {
  it('refuses quantities that are not whole lots, prices off the tick, and stops on the wrong side', () => {
    expect(checkOrder(hk('buy', 'market', 150))).toEqual({ code: 'lots', lotSize: 100 });
    expect(checkOrder(hk('buy', 'market', 0))).toEqual({ code: 'quantity' });
    expect(checkOrder(hk('buy', 'limit', 100))).toEqual({ code: 'price' });
    expect(checkOrder(hk('buy', 'limit', 100, 385.3))).toEqual({ code: 'tick', nearest: 385.4 });
    const stop = placeOrder(newPaperAccount(T), hk('buy', 'stop', 100, 380), 385.2, T, ids());
    expect(stop).toEqual({ ok: false, refusal: { code: 'stop-side', side: 'buy', last: 385.2 } });
    expect(placeOrder(newPaperAccount(T), hk('buy', 'market', 100), undefined, T, ids())).toEqual({ ok: false, refusal: { code: 'no-price' } });
  });

  it('refuses a buy beyond the cash and a short beyond the equity', () => {
    const big = placeOrder(newPaperAccount(T), hk('buy', 'market', 3_000), 385.2, T, ids());
    expect(big.ok ? undefined : big.refusal.code).toBe('cash');
    const short = placeOrder(newPaperAccount(T), hk('sell', 'market', 3_000), 385.2, T, ids());
    expect(short.ok ? undefined : short.refusal.code).toBe('short');
  });
});

describe('working orders', () => {
  it('fills limit and stop orders when the price crosses, at the documented prices (gaps too)', () => {
    const order = { symbol: '700.HK', type: 'stock' as const };
    expect(fillPrice({ ...order, side: 'buy', kind: 'limit', price: 380 }, 381)).toBeUndefined();
    expect(fillPrice({ ...order, side: 'buy', kind: 'limit', price: 380 }, 380)).toBe(380);
    // A gap below a buy limit fills at the better price.
    expect(fillPrice({ ...order, side: 'buy', kind: 'limit', price: 380 }, 375)).toBe(375);
    expect(fillPrice({ ...order, side: 'sell', kind: 'limit', price: 390 }, 395.2)).toBe(395.2);
    // A stop buy triggers at or above its stop and fills at the price: a gap costs slippage.
    expect(fillPrice({ ...order, side: 'buy', kind: 'stop', price: 390 }, 389.8)).toBeUndefined();
    expect(fillPrice({ ...order, side: 'buy', kind: 'stop', price: 390 }, 396)).toBe(396);
    expect(fillPrice({ ...order, side: 'sell', kind: 'stop', price: 380 }, 370)).toBe(370);
    expect(fillPrice({ ...order, side: 'sell', kind: 'stop', price: 380 }, 380.2)).toBeUndefined();
  });

  it('fills a marketable limit at once, at the price', () => {
    const { fills, account } = placed(newPaperAccount(T), hk('buy', 'limit', 100, 390), 385.2);
    expect(fills[0]?.price).toBe(385.2);
    expect(account.orders).toEqual([]);
  });

  it('leaves other instruments’ orders alone', () => {
    const { account } = placed(newPaperAccount(T), hk('buy', 'limit', 100, 380), 385.2);
    expect(observePrice(account, '5.HK', 'stock', 1, T, ids()).fills).toEqual([]);
  });
});

describe('average cost', () => {
  it('moves the average on adds, keeps it on reductions, realizes against it', () => {
    const newId = ids();
    let account = newPaperAccount(T);
    account = applyFill(account, {
      symbol: '700.HK',
      type: 'stock',
      side: 'buy',
      kind: 'market',
      quantity: 100,
      price: 380,
      orderId: 'o1',
      time: T,
      id: newId('f'),
    }).account;
    account = applyFill(account, {
      symbol: '700.HK',
      type: 'stock',
      side: 'buy',
      kind: 'market',
      quantity: 300,
      price: 390,
      orderId: 'o2',
      time: T,
      id: newId('f'),
    }).account;
    expect(account.positions[0]).toMatchObject({ quantity: 400, averagePrice: 387.5, openFees: 46.5 });
    const sold = applyFill(account, {
      symbol: '700.HK',
      type: 'stock',
      side: 'sell',
      kind: 'market',
      quantity: 200,
      price: 400,
      orderId: 'o3',
      time: T,
      id: newId('f'),
    });
    // Entry fees 38,000 × 0.0003 = 11.4 and 117,000 × 0.0003 = 35.1: 46.5.
    // (400 − 387.5) × 200 = 2,500; entry fees of half the position (46.5 / 2 = 23.25); exit fee 80,000 × 0.0003 = 24.
    expect(sold.fill.closed).toEqual({ quantity: 200, pnl: 2_452.75 });
    expect(sold.account.positions[0]).toMatchObject({ quantity: 200, averagePrice: 387.5, openFees: 23.25 });
  });

  it('a short: sells first, covers lower for a profit; a fill through zero opens the rest at its price', () => {
    const newId = ids();
    let account = newPaperAccount(T);
    account = applyFill(account, {
      symbol: 'AAPL.US',
      type: 'stock',
      side: 'sell',
      kind: 'market',
      quantity: 10,
      price: 200,
      orderId: 'o1',
      time: T,
      id: newId('f'),
    }).account;
    expect(account.positions[0]).toMatchObject({ quantity: -10, averagePrice: 200, currency: 'USD' });
    expect(account.cash.USD).toBe(100_000 + 2_000 - 1);
    expect(markedPositions(account, { '|AAPL.US': 190, 'stock|AAPL.US': 190 })[0]?.unrealized).toBe(100);
    expect(equityOf(account, 'USD', { 'stock|AAPL.US': 190 })).toBe(100_000 - 1 + 100);
    const through = applyFill(account, {
      symbol: 'AAPL.US',
      type: 'stock',
      side: 'buy',
      kind: 'market',
      quantity: 15,
      price: 190,
      orderId: 'o2',
      time: T,
      id: newId('f'),
    });
    // Fee of the cover: max(1, 2,850 × 0.0003 = 0.855 → 0.86) = 1; two thirds of it for the closed 10.
    expect(through.fill.closed?.quantity).toBe(10);
    expect(through.fill.closed?.pnl).toBeCloseTo(100 - 1 - 2 / 3, 6);
    expect(through.account.positions[0]).toMatchObject({ quantity: 5, averagePrice: 190 });
  });
});

describe('statistics', () => {
  it('counts wins and losses, averages them, and finds the max drawdown of equity', () => {
    const newId = ids();
    let account = newPaperAccount(T);
    const trade = (buy: number, sell: number) => {
      account = placed(account, hk('buy', 'market', 100), buy, T, newId).account;
      account = placed(account, hk('sell', 'market', 100), sell, T, newId).account;
    };
    trade(380, 390); // +1,000, fees 11.4 + 11.7: 976.9
    trade(390, 370); // −2,000, fees 11.7 + 11.1: −2,022.8
    const stats = currencyStats(account, 'HKD', {});
    expect(stats.trades).toBe(2);
    expect(stats.winRate).toBe(0.5);
    expect(stats.averageWin).toBe(976.9);
    expect(stats.averageLoss).toBe(-2_022.8);
    // Equity after each fill: 999,988.6, 1,000,976.9, 1,000,965.2, 998,954.1: high 1,000,976.9, low 998,954.1.
    expect(stats.maxDrawdown).toBe(2_022.8);
    expect(stats.equity).toBe(998_954.1);
  });
});

describe('a market closed when the order is placed', () => {
  // Saturday 28 Nov 2026 in Hong Kong; Monday 30 Nov 09:30 HKT is the open.
  const SATURDAY = Date.parse('2026-11-28T04:00:00Z');
  const OPEN = Date.parse('2026-11-30T01:30:00Z');
  const closed = { open: false, opensAt: OPEN } as const;

  it('does not fill a market order at the stale price: it waits, and fills at the first price from the open', () => {
    const result = placeOrder(newPaperAccount(T), hk('buy', 'market', 1_000), 385.2, SATURDAY, ids(), closed);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fills).toEqual([]);
    expect(result.account.fills).toEqual([]);
    expect(result.account.positions).toEqual([]);
    expect(result.order).toMatchObject({ kind: 'market', side: 'buy', quantity: 1_000, opensAt: OPEN });
    expect(result.account.orders).toHaveLength(1);
    // The last price again while closed (its trade time before the open): nothing.
    expect(observePrice(result.account, '700.HK', 'stock', 385.2, OPEN - 60_000, ids()).fills).toEqual([]);
    // The first price of the open fills it, at that price.
    const opened = observePrice(result.account, '700.HK', 'stock', 388.4, OPEN + 5_000, ids());
    expect(opened.fills).toMatchObject([{ side: 'buy', kind: 'market', quantity: 1_000, price: 388.4, time: OPEN + 5_000 }]);
    expect(opened.account.orders).toEqual([]);
    expect(opened.account.positions).toMatchObject([{ symbol: '700.HK', quantity: 1_000, averagePrice: 388.4 }]);
  });

  it('keeps the waiting order through a reload: the saved account passes its schema', () => {
    const result = placeOrder(newPaperAccount(T), hk('buy', 'market', 1_000), 385.2, SATURDAY, ids(), closed);
    if (!result.ok) throw new Error('refused');
    const { fills: _fills, ...state } = result.account;
    const parsed = paperStateSchema.safeParse(JSON.parse(JSON.stringify(state)));
    expect(parsed.success && parsed.data.orders).toEqual(result.account.orders);
  });

  it('checks the buying power at the last price, as an open market would', () => {
    const result = placeOrder(newPaperAccount(T), hk('buy', 'market', 100_000), 385.2, SATURDAY, ids(), closed);
    expect(result).toMatchObject({ ok: false, refusal: { code: 'cash' } });
  });

  it('refuses a market order when the next open is not known, saying the market is closed', () => {
    expect(placeOrder(newPaperAccount(T), hk('buy', 'market', 1_000), 385.2, SATURDAY, ids(), { open: false, opensAt: undefined })).toEqual({
      ok: false,
      refusal: { code: 'closed' },
    });
  });

  it('lets a marketable limit wait for the open too, then fill as it crosses', () => {
    const result = placed(newPaperAccount(T), hk('buy', 'limit', 1_000, 390), 385.2);
    expect(result.fills).toHaveLength(1); // open: at once, as before
    const waiting = placeOrder(newPaperAccount(T), hk('buy', 'limit', 1_000, 390), 385.2, SATURDAY, ids(), closed);
    if (!waiting.ok) throw new Error('refused');
    expect(waiting.fills).toEqual([]);
    expect(observePrice(waiting.account, '700.HK', 'stock', 385.2, OPEN - 1, ids()).fills).toEqual([]);
    expect(observePrice(waiting.account, '700.HK', 'stock', 386, OPEN, ids()).fills).toMatchObject([{ price: 386, kind: 'limit' }]);
  });

  it('fills crypto at once whatever the day (its market never closes) and an open market as before', () => {
    const crypto = placeOrder(
      newPaperAccount(T),
      { symbol: 'BTCUSDT', type: 'crypto', side: 'buy', kind: 'market', quantity: 1, lotSize: 1 },
      94_296.54,
      SATURDAY,
      ids(),
      { open: true },
    );
    expect(crypto).toMatchObject({ ok: true, fills: [{ price: 94_296.54 }] });
    expect(placed(newPaperAccount(T), hk('buy', 'market', 1_000), 385.2).fills).toMatchObject([{ price: 385.2 }]);
  });
});
