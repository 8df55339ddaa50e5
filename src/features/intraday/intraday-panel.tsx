/**
 * The intraday tab: the selected stock's minute line for the trading day so far. Non-stock symbols
 * get a sentence and no request.
 */
import { useAppStore } from '../../store/app-store';
import { sessionMarketOf } from '#shared/symbols.ts';
import { IntradayView } from './intraday-view';
import { PanelMessage } from './panel-message';

export function IntradayPanel() {
  const symbol = useAppStore((state) => state.workspace.symbol);
  const market = sessionMarketOf(symbol);
  if (market === undefined) {
    return (
      <PanelMessage>
        The intraday line is available for US, HK and A-share stocks. {symbol} is not one of them.
      </PanelMessage>
    );
  }
  return <IntradayView key={symbol} symbol={symbol} market={market} />;
}
