import { describe, expect, it } from 'vitest';
import { condition, maLine, rsiLine } from '#shared/alerts/indicator-condition.test-support.ts';
import { alertChartLink, pushPayload } from './alert-deliverers.ts';
import type { RecordedTrigger } from './delivery-outbox.ts';

const trigger: RecordedTrigger = {
  user: 'ann',
  triggerId: 'a@1',
  alertId: 'a',
  symbol: 'AAPL.US',
  time: Date.parse('2026-11-20T15:30:00Z'),
  price: 230.4,
  condition: { kind: 'cross', level: 230 },
  crossing: 'up',
};

describe('the link a notification opens', () => {
  it('is the alert’s chart at the trigger’s time, in ISO 8601 UTC', () => {
    expect(alertChartLink(trigger)).toBe('/?symbol=AAPL.US&at=2026-11-20T15:30:00Z');
    expect(alertChartLink({ ...trigger, time: Date.parse('2026-11-20T15:30:01.250Z') })).toBe('/?symbol=AAPL.US&at=2026-11-20T15:30:01.250Z');
    expect(pushPayload(trigger).url).toBe('/?symbol=AAPL.US&at=2026-11-20T15:30:00Z');
  });

  it('names the interval of an indicator alert’s bars', () => {
    const onHours = { ...trigger, condition: condition({ interval: '1h', line: rsiLine(14), operator: 'crosses-above' }, 70) };
    expect(alertChartLink(onHours)).toBe('/?symbol=AAPL.US&interval=1h&at=2026-11-20T15:30:00Z');
    const onDays = { ...trigger, condition: condition({ interval: '1d', line: maLine(20), operator: 'crosses', against: { kind: 'line', line: maLine(50) } }) };
    expect(alertChartLink(onDays)).toContain('&interval=1d&');
  });

  it('escapes the symbol, and leaves out a time that is none', () => {
    expect(alertChartLink({ ...trigger, symbol: 'BRK&B.US', time: Number.NaN })).toBe('/?symbol=BRK%26B.US');
  });
});
