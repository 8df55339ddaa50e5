// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '#shared/alerts/alert-model.ts';
import type { Triggered } from './alerts-store';
import { announce } from './announce';
import { useToasts } from './toasts';
import { loadLanguage } from '../../i18n/load-language';

const alert: Alert = {
  id: 'a',
  symbol: 'AAPL.US',
  condition: { kind: 'cross', level: 100 },
  direction: 'up',
  repeat: 'once',
  cooldownMs: 0,
  sound: false,
  createdAt: 0,
  status: 'triggered',
  triggers: [],
};
const triggered: Triggered = { alert, entry: { id: 'l', alertId: 'a', symbol: 'AAPL.US', time: 5, price: 100.5, text: 'AAPL.US crossed above 100: 100.5' } };

function stubNotification(permission: NotificationPermission) {
  const created: { title: string; options: NotificationOptions | undefined }[] = [];
  const Fake = vi.fn(function (this: unknown, title: string, options?: NotificationOptions) {
    created.push({ title, options });
  });
  Object.assign(Fake, { permission, requestPermission: vi.fn(() => Promise.resolve(permission)) });
  vi.stubGlobal('Notification', Fake);
  return created;
}

beforeEach(() => {
  useToasts.setState({ toasts: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('announce', () => {
  it('shows a toast and, when allowed, a notification tagged per trigger', () => {
    const created = stubNotification('granted');
    announce([triggered]);
    expect(useToasts.getState().toasts).toEqual([expect.objectContaining({ title: 'Alert: AAPL.US', text: 'AAPL.US crossed above 100: 100.5' })]);
    expect(created).toEqual([{ title: 'Alert: AAPL.US', options: { body: 'AAPL.US crossed above 100: 100.5', tag: 'chartroom-alert-a-5' } }]);
  });

  it('names the symbol once: in the title, not again in the text (a trigger in Chinese)', async () => {
    stubNotification('granted');
    await loadLanguage('zh-CN');
    try {
      announce([{ alert, entry: { id: 'l', alertId: 'a', symbol: 'AAPL.US', time: 5, price: 100.5, condition: alert.condition, crossing: 'up' } }]);
    } finally {
      await loadLanguage('en');
    }
    expect(useToasts.getState().toasts).toEqual([expect.objectContaining({ title: '提醒：AAPL.US', text: '已向上穿越 100: 100.5' })]);
  });

  it('does not notify without permission; the toast still shows', () => {
    const created = stubNotification('default');
    announce([triggered]);
    expect(created).toEqual([]);
    expect(useToasts.getState().toasts).toHaveLength(1);
  });
});
