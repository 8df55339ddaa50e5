/**
 * An instrument's trading schedule, as the header's session state and the paper ticket read it:
 * stocks follow the trading-sessions table of their market and its calendar; China futures and
 * forex their venue's times (src/lib/venue-schedule.ts); crypto trades around the clock.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProductType, SessionMarket } from '#shared/contract.ts';
import { tableSchedule, type SessionSchedule } from '../lib/market-status';
import { instrumentSchedule, venueSchedule, type InstrumentSchedule } from '../lib/venue-schedule';
import { useMarketFeed } from './app-services-context';
import { useInstrumentType } from './use-instrument-type';
import { tradingSessionsQueryOptions } from './use-trading-sessions';

export interface InstrumentSessions {
  source: InstrumentSchedule | undefined;
  /** Its sessions; undefined while the table is on its way, or when it names none for the market. */
  schedule: SessionSchedule | undefined;
  /** The market whose calendar its days follow. */
  calendar: SessionMarket | undefined;
  /** Whether the sessions table has answered (or failed): then a missing schedule stays missing. */
  settled: boolean;
}

export function useInstrumentSessions(symbol: string, type: ProductType | undefined): InstrumentSessions {
  // A bare code's product type (futures, forex, crypto) as its ticker reports it.
  const source = instrumentSchedule(symbol, useInstrumentType(symbol, type) as ProductType | undefined);
  const table = source?.kind === 'table' ? source.market : undefined;
  const sessions = useQuery({ ...tradingSessionsQueryOptions(useMarketFeed()), enabled: table !== undefined });
  const venue = source?.kind === 'venue' ? source.venue : undefined;
  const schedule = useMemo(() => {
    if (venue) return venueSchedule(venue);
    const entry = table && sessions.data?.find((item) => item.market.toUpperCase() === table);
    return table && entry ? tableSchedule(table, entry.trading_sessions) : undefined;
  }, [venue, table, sessions.data]);
  const calendar = source?.kind === 'table' ? source.market : source?.kind === 'venue' ? source.calendar : undefined;
  return { source, schedule, calendar, settled: sessions.isError || sessions.isSuccess };
}
