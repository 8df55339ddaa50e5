/**
 * The paper account's order book at work: each instrument with working orders is fed the prices
 * of the tree's market feed (the shared ticker query, overlaid with the socket's pushes: live data,
 * or a replay's), and each price is handed to the engine, which fills the orders it crosses; and
 * the account's lines and fills on the chart (paper-lines.tsx, fill-marks.tsx). It runs beside the panel whichever side tab
 * is shown, while the account has orders or positions.
 */
import { useEffect } from 'react';
import type { ProductType } from '#shared/contract.ts';
import { observePrice } from '#shared/paper/paper-engine.ts';
import { paperKey } from '#shared/paper/paper-model.ts';
import { useTicker } from '../../queries/use-ticker';
import { PaperFillMarks } from './fill-marks';
import { PaperLines } from './paper-lines';
import { newPaperId, usePaperStore } from './paper-store';

function OrderFeed({ symbol, type }: { symbol: string; type: ProductType | undefined }) {
  const { data } = useTicker(symbol, type);
  const price = data ? Number(data.last_price) : undefined;
  const time = data?.timestamp;
  useEffect(() => {
    if (price === undefined || time === undefined) return;
    const { account, setAccount } = usePaperStore.getState();
    setAccount(observePrice(account, symbol, type, price, time, newPaperId).account);
  }, [price, time, symbol, type]);
  return null;
}

/** The instruments with working orders, one key each, in a stable order. */
function orderInstruments(orders: readonly { symbol: string; type?: ProductType | undefined }[]): string {
  return [...new Set(orders.map((order) => `${order.type ?? ''}|${order.symbol}`))].sort().join('\n');
}

export function PaperRuntime() {
  const keys = usePaperStore((state) => orderInstruments(state.account.orders));
  return (
    <>
      <PaperLines />
      <PaperFillMarks />
      {(keys === '' ? [] : keys.split('\n')).map((key) => {
        const bar = key.indexOf('|');
        const type = key.slice(0, bar);
        const symbol = key.slice(bar + 1);
        return (
          <OrderFeed
            key={paperKey(symbol, type === '' ? undefined : (type as ProductType))}
            symbol={symbol}
            type={type === '' ? undefined : (type as ProductType)}
          />
        );
      })}
    </>
  );
}
