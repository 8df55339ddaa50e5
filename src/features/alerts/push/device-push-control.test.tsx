// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PUSH_KEY_PATH } from '#shared/push-protocol.ts';
import { DevicePushControl } from './device-push-control';
import type { PushEnvironment, PushSubscriptionLike } from './push-device';

const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index));
const KEY = Buffer.from(KEY_BYTES).toString('base64url');

afterEach(() => {
  cleanup();
});

function environment({
  keyStatus = 200,
  permission = 'default',
  answer = 'granted',
  subscribeError,
}: { keyStatus?: number; permission?: NotificationPermission; answer?: NotificationPermission; subscribeError?: Error } = {}) {
  let current: PushSubscriptionLike | null = null;
  const requests: string[] = [];
  const env: PushEnvironment = {
    fetch: (path, init) => {
      requests.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === PUSH_KEY_PATH) return Promise.resolve(keyStatus === 200 ? Response.json({ publicKey: KEY }) : new Response(null, { status: keyStatus }));
      return Promise.resolve(new Response(null, { status: init?.method === 'POST' ? 201 : 204 }));
    },
    permission: () => permission,
    requestPermission: () => {
      permission = answer;
      return Promise.resolve(permission);
    },
    registration: () =>
      Promise.resolve({
        pushManager: {
          getSubscription: () => Promise.resolve(current),
          subscribe: ({ applicationServerKey }) => {
            if (subscribeError) return Promise.reject(subscribeError);
            const made: PushSubscriptionLike = {
              endpoint: 'https://push.example/1',
              options: { applicationServerKey: applicationServerKey.slice().buffer },
              toJSON: () => ({ endpoint: 'https://push.example/1', keys: {} }),
              unsubscribe: () => {
                current = null;
                return Promise.resolve(true);
              },
            };
            current = made;
            return Promise.resolve(made);
          },
        },
      }),
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36',
    language: () => 'en',
  };
  return { env, requests };
}

describe('DevicePushControl', () => {
  it('turns this device on and off', async () => {
    const { env, requests } = environment();
    render(<DevicePushControl environment={env} />);
    const control = await screen.findByTestId('push-device');
    expect(control.dataset.state).toBe('off');
    await act(async () => {
      screen.getByRole('button', { name: 'Notify this device' }).click();
      await Promise.resolve();
    });
    expect(await screen.findByText('This device is notified of alerts, even when Chartroom is closed.')).toBeTruthy();
    expect(screen.getByTestId('push-device').dataset.state).toBe('on');
    await act(async () => {
      screen.getByRole('button', { name: 'Turn off' }).click();
      await Promise.resolve();
    });
    expect(await screen.findByRole('button', { name: 'Notify this device' })).toBeTruthy();
    expect(requests).toEqual([`GET ${PUSH_KEY_PATH}`, 'POST /chartroom/push/subscriptions', 'DELETE /chartroom/push/subscriptions']);
  });

  it('shows nothing on a server without push', async () => {
    const { env, requests } = environment({ keyStatus: 404 });
    render(<DevicePushControl environment={env} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(requests).toEqual([`GET ${PUSH_KEY_PATH}`]);
    expect(screen.queryByTestId('push-device')).toBeNull();
  });

  it('says when the browser’s setting blocks notifications', async () => {
    render(<DevicePushControl environment={environment({ permission: 'denied' }).env} />);
    expect((await screen.findByTestId('push-device')).dataset.state).toBe('blocked');
    expect(screen.getByRole('status').textContent).toContain('blocked in this browser’s settings');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says why turning on failed, and offers it again', async () => {
    render(<DevicePushControl environment={environment({ subscribeError: new Error('Registration failed - push service error') }).env} />);
    const button = await screen.findByRole('button', { name: 'Notify this device' });
    await act(async () => {
      button.click();
      await Promise.resolve();
    });
    expect(await screen.findByText('The browser’s push service refused: Registration failed - push service error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notify this device' })).toBeTruthy();
  });
});
