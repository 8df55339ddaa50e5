/**
 * The five-day intraday line of one stock: the four trading days before today's from 1-minute
 * K-lines, today's from the intraday series (moving with the ticker pushes as in the 1-day view),
 * each day on its own session axis with its own previous close, labelled under the chart. A day
 * without K-lines says so.
 */
import { t } from '../../i18n/t';
import { WaitingText } from '../../components/ui/waiting-text';
import { useLanguage } from '../../i18n/use-language';
import { useMemo } from 'react';
import type { SessionMarket } from '#shared/contract.ts';
import { ymdInZone } from '#shared/time-zone.ts';
import { marketTimeZone } from '#shared/symbols.ts';
import { ErrorNotice } from '../../components/ui/error-notice';
import { precisionOf } from '../../lib/format';
import { useTradingSessions } from '../../queries/use-trading-sessions';
import { DayAxisLabels } from './day-axis-labels';
import { DaysChart } from './days-chart';
import { assembleFiveDays } from './five-day';
import { useFormatDay } from './format-day';
import { IntradayHeader } from './intraday-header';
import { summarize } from './intraday-points';
import { PanelFailure, PanelMessage } from './panel-message';
import { tradingDayOf } from './time-axis';
import { useFiveDaySources } from './use-five-day-sources';
import { useTodayLines } from './use-today-lines';

interface FiveDayViewProps {
  symbol: string;
  market: SessionMarket;
}

export function FiveDayView({ symbol, market }: FiveDayViewProps) {
  useLanguage();
  const dayText = useFormatDay();
  const timeZone = marketTimeZone(market);
  const { intraday, lines } = useTodayLines(symbol);
  const sessions = useTradingSessions();
  const table = sessions.data?.find((entry) => entry.market === market)?.trading_sessions;
  const first = lines?.[0];
  const today = table && first ? tradingDayOf(market, table, first.timestamp, timeZone) : undefined;
  const sources = useFiveDaySources(symbol, market, timeZone, today, table);
  const { picked, candles, loading } = sources;

  const view = useMemo(() => {
    if (!table || !picked || loading) return undefined;
    const line = assembleFiveDays({
      market,
      sessions: table,
      timeZone,
      days: picked.days,
      ...(picked.before && { before: picked.before }),
      candles,
      ...(today && lines && { current: { ymd: today, lines } }),
    });
    const last = line.days.at(-1);
    const summary = today && lines && last?.ymd === today ? summarize(lines, last.prevClose) : undefined;
    const prices = lines && lines.length > 0 ? lines.map((entry) => entry.price) : candles.slice(-50).map((candle) => String(candle.close));
    return { line, summary, precision: precisionOf(prices) };
  }, [table, picked, loading, market, timeZone, candles, today, lines]);

  if (sessions.isError && !sessions.data) return <PanelFailure error={sessions.error} onRetry={() => void sessions.refetch()} />;
  if (sources.error && !view) return <PanelFailure error={sources.error} onRetry={sources.retry} />;
  if (!view || intraday.isPending) {
    return (
      <PanelMessage role="status">
        <WaitingText loading={t('Loading the five-day line of {symbol}…', { symbol })} />
      </PanelMessage>
    );
  }
  if (view.line.days.length === 0) {
    return <PanelMessage>{t('The trading calendar of {market} has no recent trading days, so the five-day line cannot be drawn.', { market })}</PanelMessage>;
  }
  const { line, summary, precision } = view;
  return (
    <div className="flex h-full min-h-0 flex-col gap-1 p-2">
      {summary && today && <IntradayHeader summary={summary} precision={precision} timeZone={timeZone} tradingDay={today} />}
      {intraday.isError && <ErrorNotice compact error={intraday.error} onRetry={() => void intraday.refetch()} />}
      <div className="min-h-0 flex-1" data-testid="intraday-five-day">
        <DaysChart
          symbol={symbol}
          label={t('Five-day intraday price of {symbol}', { symbol })}
          days={line.days.map((day) => ({
            ymd: day.ymd,
            offset: day.offset,
            minutes: day.axis.minutes,
            points: day.points,
            ...(day.prevClose !== undefined && { prevClose: day.prevClose }),
          }))}
          minutes={line.minutes}
          timeZone={timeZone}
          precision={precision}
          axisLabels={(geometry) => <DayAxisLabels days={line.days} geometry={geometry} />}
          readoutDay={(point) => dayText(ymdInZone(point.time, timeZone))}
        />
      </div>
    </div>
  );
}
