/** What a trigger does besides its log entry: a toast, a browser notification when allowed, a beep when asked. */
import { t } from '../../i18n/t';
import type { Triggered } from './alerts-store';
import { beep } from './beep';
import { announcedText } from './alert-text';
import { notify } from './notify';
import { useToasts } from './toasts';

export function announce(triggered: readonly Triggered[]): void {
  let sound = false;
  for (const { alert, entry } of triggered) {
    const title = t('Alert: {symbol}', { symbol: alert.symbol });
    const text = announcedText(entry);
    useToasts.getState().push(title, text);
    // The same tag in two tabs that both saw the trigger: one notification.
    notify(title, text, `chartroom-alert-${alert.id}-${String(entry.time)}`);
    sound ||= alert.sound;
  }
  if (sound) beep();
}
