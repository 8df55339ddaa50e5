/**
 * Browser notifications of triggered alerts: permission is asked when the user creates an alert
 * (a gesture, never on page load), and only while the browser has not been answered; a trigger
 * notifies only when allowed.
 */
function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** In the click that creates an alert: asks once, if the user has not answered yet. Settles when answered. */
export async function askNotificationPermission(): Promise<void> {
  if (!supported() || Notification.permission !== 'default') return;
  await Notification.requestPermission().catch(() => undefined);
}

export function notificationsAllowed(): boolean {
  return supported() && Notification.permission === 'granted';
}

/** `tag`: one notification per trigger even when two tabs see it. */
export function notify(title: string, body: string, tag: string): void {
  if (!notificationsAllowed()) return;
  try {
    new Notification(title, { body, tag });
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker: the toast remains.
  }
}
