/**
 * The intraday line of one stock: the minute series (polled every 15 s, or once a minute while
 * ticker pushes move its last point), the market's sessions for the axis and the ticker's
 * previous close for the reference line, each failing on its own.
 */
import { t } from '../../i18n/t';
import { WaitingText } from '../../components/ui/waiting-text';
import { useLanguage } from '../../i18n/use-language';
import { useMemo } from 'react';
import type { SessionMarket } from '#shared/contract.ts';
import { ErrorNotice } from '../../components/ui/error-notice';
import { precisionOf } from '../../lib/format';
import { marketTimeZone } from '#shared/symbols.ts';
import { useTicker } from '../../queries/use-ticker';
import { useTradingSessions } from '../../queries/use-trading-sessions';
import { IntradayChart } from './intraday-chart';
import { IntradayHeader } from './intraday-header';
import { summarize, toPlotPoints } from './intraday-points';
import { PanelFailure, PanelMessage } from './panel-message';
import { buildTimeAxis } from './time-axis';
import { useTodayLines } from './use-today-lines';

interface IntradayViewProps {
  symbol: string;
  market: SessionMarket;
}

export function IntradayView({ symbol, market }: IntradayViewProps) {
  useLanguage();
  const { intraday, lines } = useTodayLines(symbol);
  const sessions = useTradingSessions();
  const ticker = useTicker(symbol);
  const timeZone = marketTimeZone(market);

  const table = sessions.data?.find((entry) => entry.market === market)?.trading_sessions;
  const prevCloseText = ticker.data?.prev_close;
  const prevClose = prevCloseText !== undefined && Number.isFinite(Number(prevCloseText)) ? Number(prevCloseText) : undefined;

  const view = useMemo(() => {
    if (!lines || lines.length === 0 || !table) return undefined;
    const axis = buildTimeAxis({ market, sessions: table, timeZone, timestamps: lines.map((line) => line.timestamp) });
    if (!axis) return undefined;
    const points = toPlotPoints(axis, lines, prevClose);
    const summary = summarize(lines, prevClose);
    const precision = precisionOf([...lines.map((line) => line.price), ...(prevCloseText !== undefined ? [prevCloseText] : [])]);
    return { axis, points, summary, precision };
  }, [lines, table, market, timeZone, prevClose, prevCloseText]);

  if (intraday.isError && !intraday.data) {
    return <PanelFailure error={intraday.error} onRetry={() => void intraday.refetch()} />;
  }
  if (sessions.isError && !sessions.data) {
    return <PanelFailure error={sessions.error} onRetry={() => void sessions.refetch()} />;
  }
  if (intraday.isPending || sessions.isPending) {
    return (
      <PanelMessage role="status">
        <WaitingText loading={t('Loading the intraday line of {symbol}…', { symbol })} />
      </PanelMessage>
    );
  }
  if (!lines || lines.length === 0) {
    return <PanelMessage>{t('No trading yet today for {symbol}: the intraday line starts at the open.', { symbol })}</PanelMessage>;
  }
  if (!view || view.points.length === 0) {
    return <PanelMessage>{t('The trading sessions of {market} do not cover these minutes, so the intraday line cannot be drawn.', { market })}</PanelMessage>;
  }

  return (
    <div className="flex h-full min-h-0 flex-col gap-1 p-2">
      {view.summary && <IntradayHeader summary={view.summary} precision={view.precision} timeZone={timeZone} tradingDay={view.axis.tradingDay} />}
      {intraday.isError && <ErrorNotice compact error={intraday.error} onRetry={() => void intraday.refetch()} />}
      <div className="min-h-0 flex-1">
        <IntradayChart symbol={symbol} axis={view.axis} points={view.points} precision={view.precision} {...(prevClose !== undefined && { prevClose })} />
      </div>
    </div>
  );
}
