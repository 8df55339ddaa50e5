/**
 * The intraday tab: the selected stock's minute line for the trading day so far, or for the last
 * five trading days. Non-stock symbols get a sentence and no request.
 */
import { useAppStore } from '../../store/app-store';
import { sessionMarketOf } from '#shared/symbols.ts';
import { DaysToggle } from './days-toggle';
import { FiveDayView } from './five-day-view';
import { useIntradayDays } from './intraday-days-store';
import { IntradayView } from './intraday-view';
import { PanelMessage } from './panel-message';

export function IntradayPanel() {
  const symbol = useAppStore((state) => state.workspace.symbol);
  const days = useIntradayDays();
  const market = sessionMarketOf(symbol);
  if (market === undefined) {
    return <PanelMessage>The intraday line is available for US, HK and A-share stocks. {symbol} is not one of them.</PanelMessage>;
  }
  return (
    <div className="flex h-full min-h-0 flex-col">
      <DaysToggle />
      <div className="min-h-0 flex-1">
        {days === 5 ? <FiveDayView key={symbol} symbol={symbol} market={market} /> : <IntradayView key={symbol} symbol={symbol} market={market} />}
      </div>
    </div>
  );
}
