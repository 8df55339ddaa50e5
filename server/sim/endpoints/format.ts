/** Numbers of the engine written as the API's decimal strings. */
import type { AdjustDirection } from '#shared/adjust.ts';
import { ADJUSTED_DECIMALS, adjustPrice, roundAdjusted } from '#shared/adjust.ts';
import type { Candle } from '../engine/candle.ts';
import { exFactorsOf } from '../engine/ex-factors.ts';
import type { InstrumentModel } from '../engine/instrument-model.ts';
import { decimalString as formatDecimal } from '../catalog/format.ts';

export function priceText(model: InstrumentModel, price: number): string {
  return formatDecimal(price, model.instrument.priceDecimals);
}

export function volumeText(model: InstrumentModel, quanta: number): string {
  return formatDecimal(quanta * model.volumeQuantum, model.volumeDecimals);
}

export function moneyText(value: number): string {
  return formatDecimal(value, 2);
}

/** A K-line object of §2.6; prices adjusted per §4.12 when asked (stocks with events only). */
export function klineJson(model: InstrumentModel, candle: Candle, adjust: AdjustDirection): Record<string, unknown> {
  const isFutures = model.instrument.type === 'futures';
  const factors = adjust === 'none' ? [] : exFactorsOf(model);
  const price = (value: number): string =>
    factors.length === 0 ? priceText(model, value) : formatDecimal(roundAdjusted(adjustPrice(value, candle.time, factors, adjust)), ADJUSTED_DECIMALS);
  const json: Record<string, unknown> = {
    time: candle.time,
    open: price(candle.open),
    high: price(candle.high),
    low: price(candle.low),
    close: price(candle.close),
    volume: volumeText(model, candle.quanta),
  };
  if (!isFutures) json.quote_volume = moneyText(candle.turnover);
  if (isFutures) json.open_interest = String(candle.openInterest);
  return json;
}
