import { describe, expect, it } from 'vitest';
import { parsePushMessage, sameOriginPath, type AlertPushMessage } from './push-message';

const ORIGIN = 'https://chartroom.example';
const MESSAGE: AlertPushMessage = {
  v: 1,
  kind: 'alert',
  triggerId: 't-1',
  symbol: 'AAPL.US',
  title: 'Alert: AAPL.US',
  body: 'AAPL.US crossed above 200: 200.12',
  url: '/?symbol=AAPL.US&interval=1h',
  time: 1_780_000_000_000,
};
const json = (value: unknown): string => JSON.stringify(value);

describe('parsePushMessage', () => {
  it('reads an alert message', () => {
    expect(parsePushMessage(json(MESSAGE), ORIGIN)).toEqual(MESSAGE);
  });

  it('keeps only the fields of the message', () => {
    expect(parsePushMessage(json({ ...MESSAGE, extra: 'x' }), ORIGIN)).toEqual(MESSAGE);
  });

  it('allows an empty body', () => {
    expect(parsePushMessage(json({ ...MESSAGE, body: '' }), ORIGIN)?.body).toBe('');
  });

  it.each([
    ['no data', undefined],
    ['empty data', ''],
    ['not JSON', 'hello'],
    ['JSON that is not an object', '[1]'],
    ['null', 'null'],
    ['another version', json({ ...MESSAGE, v: 2 })],
    ['another kind', json({ ...MESSAGE, kind: 'news' })],
    ['no trigger id', json({ ...MESSAGE, triggerId: '' })],
    ['a numeric symbol', json({ ...MESSAGE, symbol: 7 })],
    ['no title', json({ ...MESSAGE, title: undefined })],
    ['a body that is not text', json({ ...MESSAGE, body: null })],
    ['a time that is text', json({ ...MESSAGE, time: '2026-01-01' })],
    ['a negative time', json({ ...MESSAGE, time: -1 })],
    ['a title too long', json({ ...MESSAGE, title: 'x'.repeat(1_001) })],
  ])('ignores %s', (_name, data) => {
    expect(parsePushMessage(data, ORIGIN)).toBeUndefined();
  });

  it('opens the app itself when the url is not of this origin', () => {
    expect(parsePushMessage(json({ ...MESSAGE, url: 'https://evil.example/?symbol=AAPL.US' }), ORIGIN)?.url).toBe('/');
    expect(parsePushMessage(json({ ...MESSAGE, url: 42 }), ORIGIN)?.url).toBe('/');
  });
});

describe('sameOriginPath', () => {
  it.each([
    ['/?symbol=AAPL.US&interval=1h', '/?symbol=AAPL.US&interval=1h'],
    [`${ORIGIN}/?symbol=700.HK#x`, '/?symbol=700.HK#x'],
    ['?symbol=MSFT.US', '/?symbol=MSFT.US'],
    ['//evil.example/?symbol=AAPL.US', '/'],
    ['https://evil.example/', '/'],
    ['http://chartroom.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['data:text/html,hi', '/'],
    [undefined, '/'],
  ])('%s → %s', (url, path) => {
    expect(sameOriginPath(url, ORIGIN)).toBe(path);
  });
});
