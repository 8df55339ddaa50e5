import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/load-language';
import type { FiredLine } from './persisted-alerts';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { deliveryParts, deliveryText, logLineText, repeatText, timeText } from './alert-text';
import { offsetLabel } from '../../lib/zone-label';

afterEach(() => loadLanguage('en'));

const line: FiredLine = {
  id: 'l1',
  alertId: 'a1',
  symbol: 'AAPL.US',
  time: Date.parse('2026-11-25T15:00:00Z'),
  price: 182.61,
  condition: { kind: 'cross', level: 182.5 },
  crossing: 'up',
};

describe('a log line’s delivery', () => {
  it('is nothing for a tab’s own trigger, whose line reads as before', () => {
    expect(deliveryText(line)).toBe('');
    expect(logLineText(line)).toBe('AAPL.US crossed above 182.5: 182.61');
    expect(logLineText({ ...line, deliveries: { push: { state: 'delivered', devices: 2 } } })).toBe('AAPL.US crossed above 182.5: 182.61');
  });

  it.each([
    [{ push: { state: 'delivered', devices: 2 }, webhook: { state: 'delivered' } }, 'Pushed to 2 devices · Webhook delivered'],
    [{ push: { state: 'delivered', devices: 1 } }, 'Pushed to 1 device'],
    [{ push: { state: 'delivered' } }, 'Pushed'],
    [{ webhook: { state: 'failed', detail: 'HTTP 500' } }, 'Webhook failed: the receiver answered 500'],
    [
      { webhook: { state: 'failed', detail: "hooks.bad is not among the hosts this server's operator allows webhooks to call (WEBHOOK_ALLOW)." } },
      "Webhook failed: hooks.bad is not among the hosts this server's operator allows webhooks to call (WEBHOOK_ALLOW).",
    ],
    [{ webhook: { state: 'failed' } }, 'Webhook failed'],
    [{ push: { state: 'failed', devices: 1, detail: 'the push service answered 410' } }, 'Push failed: the push service answered 410'],
    [{ push: { state: 'pending', devices: 2 }, webhook: { state: 'pending' } }, 'Sending…'],
    [{ webhook: { state: 'pending' } }, 'Sending…'],
    [{ push: { state: 'delivered', devices: 3 }, webhook: { state: 'pending' } }, 'Pushed to 3 devices · Webhook sending…'],
    [{ push: { state: 'pending', devices: 3 }, webhook: { state: 'failed', detail: 'HTTP 404' } }, 'Push sending… · Webhook failed: the receiver answered 404'],
    [{}, 'Not sent: no device to notify, no webhook'],
  ] as const)('%j reads “%s”', (deliveries, text) => {
    expect(deliveryText({ ...line, deliveries })).toBe(text);
  });

  it('gives each part its state, for its colour', () => {
    expect(deliveryParts({ push: { state: 'delivered', devices: 2 }, webhook: { state: 'failed', detail: 'HTTP 500' } })).toEqual([
      { channel: 'push', state: 'delivered', text: 'Pushed to 2 devices' },
      { channel: 'webhook', state: 'failed', text: 'Webhook failed: the receiver answered 500' },
    ]);
  });

  it('is said in the language of the moment', async () => {
    await loadLanguage('zh-CN');
    expect(deliveryText({ ...line, deliveries: { push: { state: 'delivered', devices: 2 }, webhook: { state: 'failed', detail: 'HTTP 500' } } })).toBe(
      '已推送到 2 台设备 · Webhook 失败：接收方返回 500',
    );
    await loadLanguage('zh-TW');
    expect(deliveryText({ ...line, deliveries: { webhook: { state: 'pending' } } })).toBe('傳送中…');
  });
});

describe('how often an alert fires', () => {
  const cross = { kind: 'cross', level: 100 } as const;
  const screen = { kind: 'screen', name: 'Gainers', screen: {} } as unknown as Alert['condition'];
  it.each([
    [{ repeat: 'once', cooldownMs: 0, condition: cross }, 'once'],
    [{ repeat: 'every', cooldownMs: 0, condition: cross }, 'every time'],
    [{ repeat: 'every', cooldownMs: 15 * 60_000, condition: cross }, 'every time, 15 min apart'],
    [{ repeat: 'every', cooldownMs: 90 * 60_000, condition: cross }, 'every time, 90 min apart'],
    [{ repeat: 'every', cooldownMs: 2 * 3_600_000, condition: cross }, 'every time, 2 h apart'],
    [{ repeat: 'every', cooldownMs: 24 * 3_600_000, condition: screen }, 'each entry, a symbol at most once in 24 h'],
  ] as const)('%j reads “%s”', (alert, text) => {
    expect(repeatText(alert as Pick<Alert, 'repeat' | 'cooldownMs' | 'condition'>)).toBe(text);
  });

  it('is said in the language of the moment', async () => {
    await loadLanguage('zh-TW');
    expect(repeatText({ repeat: 'every', cooldownMs: 24 * 3_600_000, condition: screen })).toBe('每次進入；同一代碼 24 小時內至多一次');
  });
});

describe('a log line’s time', () => {
  it('names its zone, as every other clock time of the app does', async () => {
    const zone = offsetLabel(-new Date(line.time).getTimezoneOffset());
    expect(timeText(line.time).endsWith(` ${zone}`)).toBe(true);
    await loadLanguage('zh-CN');
    expect(timeText(line.time)).toMatch(/^11月25日 \d\d:00:00 UTC/);
  });
});
